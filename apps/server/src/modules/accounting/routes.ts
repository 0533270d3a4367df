import { invoiceRoutes, loadImportRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { sendDownload } from '../../files/download';
import { route } from '../../lib/route';
import type { TVault } from '../../loadboard/vault';
import { confirmInvoice, importInvoice, importInvoiceFromBoard, previewInvoice } from './invoice-import';
import { compareInvoice, comparisonCsv, weekOf } from './invoices';
import { loadImportOfWeek, saveImportedLoads, uploadTrips } from './load-import';

export async function accountingModule(app: FastifyInstance, { db, vault }: { db: TDb; vault: TVault }) {
  route(app, invoiceRoutes.importInvoice, async (req) => {
    const { fields, files } = req.body;
    return db.transaction((tx) => importInvoice(tx, actorOf(req.ctx), fields.WeekId, files[0], fields.AcceptDates));
  });
  route(app, invoiceRoutes.previewInvoice, async (req) => previewInvoice(db, actorOf(req.ctx), req.body.fields.WeekId, req.body.files[0]));
  // Confirm runs its own transaction (the kept preview is locked in it).
  route(app, invoiceRoutes.confirmInvoice, async (req) => confirmInvoice(db, actorOf(req.ctx), req.body.previewId, req.body.acceptDates));

  route(app, invoiceRoutes.importInvoiceFromBoard, async (req) => importInvoiceFromBoard(db, vault, actorOf(req.ctx), req.body.weekId));

  route(app, invoiceRoutes.compareInvoice, async (req) => compareInvoice(db, actorOf(req.ctx), req.query.weekId));

  route(app, invoiceRoutes.compareInvoiceCsv, async (req, reply) => {
    const actor = actorOf(req.ctx);
    const week = await weekOf(db, actor.companyId, req.query.weekId);
    const csv = comparisonCsv(await compareInvoice(db, actor, week.id));
    return sendDownload(reply, invoiceRoutes.compareInvoiceCsv, `invoice-check-${week.year}-week-${week.number}.csv`, csv) as never;
  });

  route(app, loadImportRoutes.getLoadImport, async (req) => loadImportOfWeek(db, vault, actorOf(req.ctx), req.query.id, req.query.source));
  route(app, loadImportRoutes.uploadTrips, async (req) => {
    const { fields, files } = req.body;
    return db.transaction((tx) => uploadTrips(tx, actorOf(req.ctx), fields.WeekId, files[0], { mapping: fields.mapping, presetId: fields.presetId }));
  });
  route(app, loadImportRoutes.saveImportedLoads, async (req) => db.transaction((tx) => saveImportedLoads(tx, actorOf(req.ctx), req.body)));
}
