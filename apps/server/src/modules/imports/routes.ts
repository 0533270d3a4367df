import { IMPORT_TEXT, importRoutes, type TImportKind } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { imports } from '../../db/schema';
import { sendDownload } from '../../files/download';
import { refuse } from '../../lib/errors';
import { capLimit, capList, countRows } from '../../lib/list-cap';
import { route } from '../../lib/route';
import type { TUploadedFile } from '../../lib/upload';
import { deletePreset, findPresets, importHistory, importHistoryWhere, savePreset, undoImport } from './history';
import { confirmImport, previewReport, previewUpload } from './service';
import { importStaged } from './staged';
import { requireImportAccess, type TImportRequest } from './target';

const fileOf = (files: TUploadedFile[]) => files[0];

export async function importsModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, importRoutes.preview, async (req) => {
    const { fields, files } = req.body;
    const file = fileOf(files);
    const request: TImportRequest = {
      kind: fields.kind,
      fileName: file.name,
      content: file.buffer,
      year: fields.year,
      quarter: fields.quarter,
      presetId: fields.presetId,
      mapping: fields.mapping,
      unitMap: fields.unitMap,
    };
    return previewUpload(db, actorOf(req.ctx), request);
  });

  // Confirm runs its own short transactions (see importStaged): a long file never holds the database.
  route(app, importRoutes.confirm, async (req) => confirmImport(db, actorOf(req.ctx), req.body.previewId, req.body.replace));

  route(app, importRoutes.report, async (req, reply) => {
    const { fileName, csv } = await previewReport(db, actorOf(req.ctx), req.query.previewId);
    return sendDownload(reply, importRoutes.report, fileName, csv) as never;
  });

  route(app, importRoutes.history, async (req, reply) => {
    const actor = actorOf(req.ctx);
    const rows = await importHistory(db, actor, req.query.kind, capLimit(importRoutes.history));
    return capList(reply, importRoutes.history, rows, () => countRows(db, imports, importHistoryWhere(actor.companyId, req.query.kind)));
  });
  // Presets are read whole (a preview looks its preset up among them); route() caps the answer.
  route(app, importRoutes.undo, async (req) => db.transaction((tx) => undoImport(tx, actorOf(req.ctx), req.query.id)));

  route(app, importRoutes.presets, async (req) => {
    const actor = actorOf(req.ctx);
    requireImportAccess(actor, req.query.kind, 'Read');
    return findPresets(db, actor.companyId, req.query.kind);
  });
  route(app, importRoutes.savePreset, async (req) => db.transaction((tx) => savePreset(tx, actorOf(req.ctx), req.body)));
  route(app, importRoutes.deletePreset, async (req) => db.transaction((tx) => deletePreset(tx, actorOf(req.ctx), req.query.id)));

  /** Spec §7's one-step imports: preview and save; the file is saved whole or refused whole. */
  const importAtOnce = async (
    actor: ReturnType<typeof actorOf>,
    kind: TImportKind,
    file: TUploadedFile,
    fields: { presetId: number | null; year?: number | null; quarter?: number | null },
  ) => {
    const request: TImportRequest = { kind, fileName: file.name, content: file.buffer, year: fields.year ?? null, quarter: fields.quarter ?? null, presetId: fields.presetId, mapping: null };
    requireImportAccess(actor, kind, 'DenyDelete');
    return importStaged(db, actor, request, null);
  };
  route(app, importRoutes.importFuel, async (req) => importAtOnce(actorOf(req.ctx), 'fuel', fileOf(req.body.files), req.body.fields));
  route(app, importRoutes.importIftaMiles, async (req) => {
    const { Year, Quarter, presetId } = req.body.fields;
    if (!Year || !Quarter) throw refuse(IMPORT_TEXT.chooseQuarter.replace(/^ERROR /, ''));
    return importAtOnce(actorOf(req.ctx), 'miles', fileOf(req.body.files), { presetId, year: Year, quarter: Quarter });
  });
}
