import { invoiceRoutes, loadImportRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { route } from '../../lib/route';
import type { TVault } from '../../loadboard/vault';
import { compareInvoice, comparisonCsv, importInvoice, importInvoiceFromBoard, weekOf } from './invoices';
import { loadImportOfWeek, saveImportedLoads, uploadTrips } from './load-import';

/** A download's file name, safe inside a quoted header. */
const attachment = (name: string) => `attachment; filename="${name.replace(/["\\\r\n]/g, '_').replace(/[^\x20-\x7e]/g, '_')}"`;

export async function accountingModule(app: FastifyInstance, { db, vault }: { db: TDb; vault: TVault }) {
  route(app, invoiceRoutes.importInvoice, async (req) => {
    const { fields, files } = req.body;
    return db.transaction((tx) => importInvoice(tx, actorOf(req.ctx), fields.WeekId, files[0]));
  });

  route(app, invoiceRoutes.importInvoiceFromBoard, async (req) => importInvoiceFromBoard(db, vault, actorOf(req.ctx), req.body.weekId));

  route(app, invoiceRoutes.compareInvoice, async (req) => compareInvoice(db, actorOf(req.ctx), req.query.weekId));

  route(app, invoiceRoutes.compareInvoiceCsv, async (req, reply) => {
    const actor = actorOf(req.ctx);
    const week = await weekOf(db, actor.companyId, req.query.weekId);
    const csv = comparisonCsv(await compareInvoice(db, actor, week.id));
    reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(`invoice-check-${week.year}-week-${week.number}.csv`));
    return csv;
  });

  route(app, loadImportRoutes.getLoadImport, async (req) => loadImportOfWeek(db, vault, actorOf(req.ctx), req.query.id, req.query.source));
  route(app, loadImportRoutes.uploadTrips, async (req) => {
    const { fields, files } = req.body;
    return db.transaction((tx) => uploadTrips(tx, actorOf(req.ctx), fields.WeekId, files[0], { mapping: fields.mapping, presetId: fields.presetId }));
  });
  route(app, loadImportRoutes.saveImportedLoads, async (req) => db.transaction((tx) => saveImportedLoads(tx, actorOf(req.ctx), req.body)));
}
