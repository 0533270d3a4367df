import { IMPORT_PAGE, type TAccessType, type TColumnMapping, type TImportHistoryKind, type TImportKind, type TPermissibleObject } from '@haulboard/contract';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { actorCan, type TActor } from '../../access/actor';
import type { TDbLike, TTx } from '../../db/client';
import type { TImportRecord, TPreviewInput } from '../../imports';
import { forbidden } from '../../lib/errors';

/**
 * The import targets: what each kind of import reads and writes, registered by the module that owns
 * its lines (fuel registers fuel lines and miles, accounting loads and invoices). This module is the
 * orchestrator (preview, claim, write, final step, history, undo) and asks the target of a kind for
 * everything that differs between kinds; it names none of them.
 */

/** What a preview is run on: the file, and the person's choices for it. */
export type TImportRequest = {
  kind: TImportKind;
  fileName: string;
  content: Buffer;
  year: number | null;
  quarter: number | null;
  presetId: number | null;
  mapping: TColumnMapping | null;
  /** Miles: a file's unit → the fleet's unit, chosen in the preview. */
  unitMap?: Record<string, string> | null;
  /** Confirm: stored records with other figures are replaced by the file's. */
  replace?: boolean;
};

/** A table an import's lines go to: each line has its company and (for an imported one) its import. */
export type TLineTable = PgTable & { id: PgColumn; companyId: PgColumn; importId: PgColumn };

/** Marks on a preview's rows (late fuel): the notice of a record, how many new records have one, the summary's sentence. */
export type TPreviewMarks = { notice: (record: TImportRecord) => string | null; count: number; summary: string };

/** What a finished run's final step did: stored records it replaced, and a sentence added to the reply. */
export type TFinalStep = { replaced?: number; note?: string };

/** A kind read and saved by the pipeline here (Import page: preview, confirm, report). */
export type TPipelineTarget = {
  /** Which of the keys of a batch of new records are stored already (lines of an import not done are not). */
  storedKeys: (db: TDbLike, companyId: number) => NonNullable<TPreviewInput['storedKeys']>;
  /** The fleet's units the preview maps a file's units to; none when the kind has no units to map. */
  fleet?: (db: TDbLike, companyId: number) => Promise<string[]>;
  /** More of the pipeline's input from the request (a quarter, the fleet's units, a unit map). */
  input?: (req: TImportRequest, fleet: string[]) => Partial<TPreviewInput>;
  /** The preview table's columns, and a record's values in them (`stored`: its stored figures when they differ). */
  columns: { key: string; label: string }[];
  values: (record: TImportRecord, stored?: string) => Record<string, string | null>;
  /** Watches a preview's new records (each batch, in order) and answers the marks on its rows. */
  marks?: () => { seen: (records: TImportRecord[]) => void; finish: (db: TDbLike, companyId: number) => Promise<TPreviewMarks | null> };
  /** A new record as a row of `table` under the import (`replaces`: it replaces a stored one with other figures). */
  row: (companyId: number, importId: number, record: TImportRecord, replaces: boolean) => Record<string, unknown>;
  /**
   * Watches a confirm's new records and runs the import's final step, in its last transaction
   * (before it shows): late fuel's weeks, a corrected file's replacements.
   */
  run?: (req: TImportRequest) => { seen: (records: TImportRecord[]) => void; finish: (tx: TTx, companyId: number, importId: number) => Promise<TFinalStep> };
};

export type TImportTarget = {
  kind: TImportHistoryKind;
  /**
   * The page whose access an import of this kind needs: Read to list, DenyDelete to import, Write to
   * undo. The import routes declare it per kind (IMPORT_PAGE in the contract): they must agree.
   */
  page: TPermissibleObject;
  /** The table its lines go to (undo removes them, and a failed import's); none for a kind that saves no lines here. */
  table?: TLineTable;
  /** Read and saved by the pipeline here; else `elsewhere` says which page reads its files. */
  pipeline?: TPipelineTarget;
  elsewhere?: string;
  /** Before Undo removes the lines: refuses when they may not go (a closed week). */
  beforeUndo?: (tx: TTx, companyId: number, importId: number) => Promise<void>;
  /** After Undo removed the lines: puts back the rows the import replaced; answers how many. */
  restore?: (tx: TTx, companyId: number, replaced: Record<string, unknown>[]) => Promise<number>;
};

const targets = new Map<TImportHistoryKind, TImportTarget>();

/** Called once per kind by the module that owns its lines (at start-up, from its index.ts). */
export function registerImportTarget(target: TImportTarget) {
  const held = targets.get(target.kind);
  if (held && held !== target) throw new Error(`The import kind '${target.kind}' is registered twice`);
  // The routes' declared access (the route table) and the check here name the same page.
  if (IMPORT_PAGE[target.kind] !== target.page) throw new Error(`The import kind '${target.kind}' is on ${IMPORT_PAGE[target.kind]} in the routes, not ${target.page}`);
  targets.set(target.kind, target);
}

/** The target of a kind; an unregistered kind is a programming error. */
export function importTarget(kind: TImportHistoryKind | string): TImportTarget {
  const target = targets.get(kind as TImportHistoryKind);
  if (!target) throw new Error(`No import target is registered for the kind '${kind}'`);
  return target;
}

/** The target of a kind, or undefined (the hourly purge may run where no module registered it). */
export const findImportTarget = (kind: string): TImportTarget | undefined => targets.get(kind as TImportHistoryKind);

/** Every registered target. */
export const importTargets = (): TImportTarget[] => [...targets.values()];

/** Each kind needs its own page's access. */
export function requireImportAccess(actor: TActor, kind: TImportHistoryKind, level: TAccessType) {
  if (!actorCan(actor, importTarget(kind).page, level)) throw forbidden();
}
