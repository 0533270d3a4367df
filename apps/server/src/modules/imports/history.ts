import type { ZImportPresetForm } from '@haulboard/contract';
import { IMPORT_TEXT, type TImportHistoryKind, type TImportKind, type TImportPreset, type TImportRecord } from '@haulboard/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../access/actor';
import type { TDbLike, TTx } from '../../db/client';
import { importPresets, imports, users } from '../../db/schema';
import { layoutFromMapping } from '../../imports';
import { badRequest, notFound, refuse } from '../../lib/errors';
import { isoOf } from '../../lib/rows';
import { importTarget, requireImportAccess } from './target';

/** Import history, undo and saved column mappings. Each kind needs its own page's access. */

const person = (alias: string) => sql<string | null>`(select coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) from ${users} u where u.id = ${sql.raw(alias)})`;

/** The imports of one kind of a company; one still being written (or removed) is not one yet. */
export const importHistoryWhere = (companyId: number, kind: TImportHistoryKind) => and(eq(imports.companyId, companyId), eq(imports.kind, kind), eq(imports.status, 'done'));

/** Imports of one kind, newest first, at most `limit` of them. */
export async function importHistory(db: TDbLike, actor: TActor, kind: TImportHistoryKind, limit: number): Promise<TImportRecord[]> {
  requireImportAccess(actor, kind, 'Read');
  const rows = await db
    .select({
      i: imports,
      createdOn: isoOf(imports.createdOn),
      undoneOn: sql<string | null>`case when ${imports.undoneOn} is null then null else ${isoOf(imports.undoneOn)} end`,
      createdBy: person('imports.created_by'),
      undoneBy: person('imports.undone_by'),
    })
    .from(imports)
    .where(importHistoryWhere(actor.companyId, kind))
    .orderBy(desc(imports.createdOn), desc(imports.id))
    .limit(limit);
  return rows.map(({ i, createdOn, undoneOn, createdBy, undoneBy }) => ({
    importId: i.id,
    kind: i.kind as TImportHistoryKind,
    fileName: i.fileName,
    layout: i.layout,
    rowsRead: i.rowsRead,
    rowsAdded: i.rowsAdded,
    rowsDuplicate: i.rowsDuplicate,
    rowsFlagged: i.rowsFlagged,
    rowsRefused: i.rowsRefused,
    createdBy,
    createdOn,
    undoneOn,
    undoneBy,
  }));
}

/** Removes exactly the rows the import added; the import stays in the history, marked undone. */
export async function undoImport(tx: TTx, actor: TActor, importId: number): Promise<string> {
  const [row] = await tx
    .select({ kind: imports.kind, undoneOn: imports.undoneOn, replaced: imports.replaced })
    .from(imports)
    .where(and(eq(imports.companyId, actor.companyId), eq(imports.id, importId), eq(imports.status, 'done')))
    .for('update');
  if (!row) throw notFound('The import');
  requireImportAccess(actor, row.kind as TImportHistoryKind, 'Write');
  if (row.undoneOn) throw refuse(IMPORT_TEXT.alreadyUndone.replace(/^ERROR /, ''));
  // The target's lines (its check first: a closed week), then what the import replaced goes back.
  const target = importTarget(row.kind);
  await target.beforeUndo?.(tx, actor.companyId, importId);
  const table = target.table;
  const removed = table
    ? await tx
        .delete(table)
        .where(and(eq(table.companyId, actor.companyId), eq(table.importId, importId)))
        .returning({ id: table.id })
    : [];
  const restored = target.restore && row.replaced?.length ? await target.restore(tx, actor.companyId, row.replaced) : 0;
  await tx
    .update(imports)
    .set({ undoneOn: sql`now()`, undoneBy: actor.userId })
    .where(and(eq(imports.companyId, actor.companyId), eq(imports.id, importId)));
  return restored ? IMPORT_TEXT.undoneRestored(removed.length, restored) : IMPORT_TEXT.undone(removed.length);
}

export async function findPresets(db: TDbLike, companyId: number, kind: TImportKind): Promise<TImportPreset[]> {
  const rows = await db
    .select({ p: importPresets, createdOn: isoOf(importPresets.createdOn) })
    .from(importPresets)
    .where(and(eq(importPresets.companyId, companyId), eq(importPresets.kind, kind)))
    .orderBy(sql`lower(${importPresets.name})`);
  return rows.map(({ p, createdOn }) => ({ presetId: p.id, kind: p.kind as TImportKind, name: p.name, headers: p.headers, mapping: p.mapping, createdOn }));
}

/**
 * A preset must make a layout (required fields mapped, only our fields, no blank column), or every
 * later file of its kind would stop at it: refused with a field message before it is saved.
 */
function checkPresetMapping(kind: TImportKind, mapping: Record<string, string>) {
  const blank = Object.entries(mapping).filter(([, column]) => column.trim() === '');
  if (blank.length) throw badRequest('mapping', `Choose a column for: ${blank.map(([field]) => field).join(', ')}`);
  try {
    layoutFromMapping(kind, mapping);
  } catch (error) {
    throw badRequest('mapping', error instanceof Error ? error.message.replace(/^ERROR /, '') : 'The column mapping is not valid');
  }
}

/** Saves a mapping under a name; the same name again replaces it. */
export async function savePreset(tx: TTx, actor: TActor, input: z.output<typeof ZImportPresetForm>): Promise<string> {
  requireImportAccess(actor, input.kind, 'DenyDelete');
  checkPresetMapping(input.kind, input.mapping);
  const sameName = and(eq(importPresets.companyId, actor.companyId), eq(importPresets.kind, input.kind), sql`lower(${importPresets.name}) = lower(${input.name})`);
  const [held] = await tx.select({ id: importPresets.id }).from(importPresets).where(sameName).for('update');
  if (held) {
    await tx
      .update(importPresets)
      .set({ name: input.name, headers: input.headers, mapping: input.mapping })
      .where(and(eq(importPresets.companyId, actor.companyId), eq(importPresets.id, held.id)));
  } else {
    await tx.insert(importPresets).values({ companyId: actor.companyId, kind: input.kind, name: input.name, headers: input.headers, mapping: input.mapping });
  }
  return IMPORT_TEXT.presetSaved;
}

export async function deletePreset(tx: TTx, actor: TActor, presetId: number): Promise<string> {
  const [row] = await tx
    .select({ kind: importPresets.kind })
    .from(importPresets)
    .where(and(eq(importPresets.companyId, actor.companyId), eq(importPresets.id, presetId)));
  if (!row) throw notFound('The preset');
  requireImportAccess(actor, row.kind as TImportKind, 'Write');
  await tx.delete(importPresets).where(and(eq(importPresets.companyId, actor.companyId), eq(importPresets.id, presetId)));
  return IMPORT_TEXT.presetDeleted;
}

