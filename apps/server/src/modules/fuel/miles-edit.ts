import { findJurisdiction, MILES_EDIT_TEXT, type ZIftaMilesQuarterForm, type ZIftaMilesQuarterKey } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../access/actor';
import type { TTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { iftaMiles, imports } from '../../db/schema';
import { refuse } from '../../lib/errors';
import { lineShown } from '../../lib/import-lines';

/**
 * A unit's quarter of miles changed by hand on the IFTA Miles page: saved figures replace every row
 * of the unit in the quarter (a quarter's miles and trips alike), or the rows are deleted. Each change
 * is an entry of the miles import history that keeps the rows it replaced, so undoing it puts them back.
 */

type TKey = z.output<typeof ZIftaMilesQuarterKey>;
const quarterText = (k: TKey) => `Q${k.quarter} ${k.year}`;

/** Deletes the unit's rows of the quarter; the rows as they were (JSON), and how many. */
async function takeQuarter(tx: TTx, companyId: number, k: TKey) {
  const [row] = rowsOf<{ rows: Record<string, unknown>[] | null; n: number; unit: string | null }>(
    await tx.execute(sql`
      with gone as (
        delete from ${iftaMiles} m
        where m.company_id = ${companyId} and m.year = ${k.year} and m.quarter = ${k.quarter} and upper(m.unit_number) = upper(${k.unitNumber})
          and ${lineShown(companyId, sql`m.import_id`)}
        returning m.*
      )
      select jsonb_agg(to_jsonb(g)) as rows, count(*)::int as n, min(g.unit_number) as unit from gone g`),
  );
  return { rows: row?.rows ?? [], n: Number(row?.n ?? 0), unit: row?.unit ?? null };
}

/** The history entry of a change by hand. */
async function historyEntry(tx: TTx, actor: TActor, k: TKey, layout: string, added: number, replaced: Record<string, unknown>[]) {
  const [entry] = await tx
    .insert(imports)
    .values({
      companyId: actor.companyId,
      kind: 'miles',
      fileName: MILES_EDIT_TEXT.historyName(k.unitNumber, quarterText(k)),
      layout,
      rowsRead: added,
      rowsAdded: added,
      rowsDuplicate: 0,
      rowsFlagged: 0,
      rowsRefused: 0,
      createdBy: actor.userId,
      replaced: replaced.length ? replaced : null,
    })
    .returning({ id: imports.id });
  return entry.id;
}

export async function saveMilesQuarter(tx: TTx, actor: TActor, input: z.output<typeof ZIftaMilesQuarterForm>): Promise<string> {
  const seen = new Set<string>();
  const states = input.states.map((s) => {
    const place = findJurisdiction(s.stateCode);
    if (!place) throw refuse(MILES_EDIT_TEXT.unknownState(s.stateCode).replace(/^ERROR /, ''));
    if (seen.has(place.code)) throw refuse(MILES_EDIT_TEXT.twice(place.code).replace(/^ERROR /, ''));
    seen.add(place.code);
    return { stateCode: place.code, miles: s.miles, taxableMiles: s.taxableMiles || s.miles };
  });
  const taken = await takeQuarter(tx, actor.companyId, input);
  // The unit keeps the spelling it is stored under.
  const unit = taken.unit ?? input.unitNumber;
  const key = { ...input, unitNumber: unit };
  const layout = taken.n ? MILES_EDIT_TEXT.editedLayout : MILES_EDIT_TEXT.enteredLayout;
  const importId = await historyEntry(tx, actor, key, layout, states.length, taken.rows);
  const source = MILES_EDIT_TEXT.source;
  await tx.insert(iftaMiles).values(
    states.map((s) => ({
      companyId: actor.companyId,
      importId,
      year: input.year,
      quarter: input.quarter,
      unitNumber: unit,
      stateCode: s.stateCode,
      totalMiles: s.miles,
      taxableMiles: s.taxableMiles,
      source,
      naturalKey: ['miles', unit.toUpperCase(), s.stateCode, `${input.year}Q${input.quarter}`, source].join('|'),
    })),
  );
  return MILES_EDIT_TEXT.saved(unit, quarterText(input), states.length, taken.n);
}

export async function deleteMilesQuarter(tx: TTx, actor: TActor, input: TKey): Promise<string> {
  const taken = await takeQuarter(tx, actor.companyId, input);
  if (!taken.n) throw refuse(MILES_EDIT_TEXT.none(input.unitNumber, quarterText(input)).replace(/^ERROR /, ''));
  const key = { ...input, unitNumber: taken.unit ?? input.unitNumber };
  await historyEntry(tx, actor, key, MILES_EDIT_TEXT.deletedLayout, 0, taken.rows);
  return MILES_EDIT_TEXT.deleted(key.unitNumber, quarterText(input), taken.n);
}
