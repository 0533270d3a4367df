import { IMPORT_PAGE } from '@haulboard/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDbLike, TTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fuelTransactions, iftaMiles, imports, userCompanies } from '../../db/schema';
import { naturalKey, type TMilesRecord } from '../../imports';
import { lineShown } from '../../lib/import-lines';
import type { TImportTarget } from '../imports';

/** The IFTA miles import's target (decision 016): miles at the file's grain, a corrected file replacing stored figures. */

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The units a company knows (upper case): drivers' truck numbers, and units of its fuel lines and miles. */
export async function fleetUnits(db: TDbLike, companyId: number): Promise<string[]> {
  const rows = rowsOf<{ unit: string }>(
    await db.execute(sql`
      select distinct u as unit from (
        select upper(trim(unit_number)) as u from ${userCompanies} where company_id = ${companyId} and coalesce(trim(unit_number), '') <> ''
        union select upper(unit_number) from ${fuelTransactions} where company_id = ${companyId} and unit_number <> ''
        union select upper(unit_number) from ${iftaMiles} where company_id = ${companyId}
      ) units order by 1`),
  );
  return rows.map((r) => r.unit);
}

function milesRow(companyId: number, importId: number, r: TMilesRecord) {
  return {
    companyId,
    importId,
    year: r.year,
    quarter: r.quarter,
    unitNumber: r.unit,
    stateCode: r.jurisdiction,
    totalMiles: r.totalMiles,
    taxableMiles: r.taxableMiles,
    source: r.source,
    tripDate: r.date,
    tripId: r.tripId || null,
    startOdometer: r.date ? r.startOdometer : null,
    endOdometer: r.date ? r.endOdometer : null,
    naturalKey: naturalKey(r),
  };
}

/** What a corrected file's line carries after its key while it waits to replace the stored one (see replaceStored). */
const REPLACING = '#replacing';

/**
 * A corrected file (Confirm with replace): deletes the stored miles whose keys this pending import's
 * waiting lines have, keeps them on the import row (undoing it puts them back), and gives the waiting
 * lines their own keys. Proportional to the lines replaced only. Answers how many were replaced.
 */
async function replaceStored(tx: TTx, companyId: number, importId: number): Promise<number> {
  const waiting = sql`select left(w.natural_key, length(w.natural_key) - ${REPLACING.length}) from ${iftaMiles} w
    where w.company_id = ${companyId} and w.import_id = ${importId} and w.natural_key like ${`%${REPLACING}`}`;
  const [result] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with gone as (
        delete from ${iftaMiles} m
        where m.company_id = ${companyId} and m.import_id is distinct from ${importId} and m.natural_key in (${waiting})
        returning m.*
      ), kept as (
        update ${imports} set replaced = (select jsonb_agg(to_jsonb(g)) from gone g)
        where company_id = ${companyId} and id = ${importId}
        returning 1
      )
      select count(*)::int as n from gone`),
  );
  await tx.execute(sql`
    update ${iftaMiles} set natural_key = left(natural_key, length(natural_key) - ${REPLACING.length})
    where company_id = ${companyId} and import_id = ${importId} and natural_key like ${`%${REPLACING}`}`);
  return Number(result?.n ?? 0);
}

/**
 * Puts back the miles an import or a change by hand replaced, as they were (their ids and imports),
 * except those of an import undone since; a row stored meanwhile under the same key stays.
 */
export async function restoreMiles(tx: TTx, companyId: number, replaced: Record<string, unknown>[]): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with back as (
        insert into ${iftaMiles}
        select r.* from jsonb_populate_recordset(null::ifta_miles, ${JSON.stringify(replaced)}::jsonb) r
        where r.company_id = ${companyId}
          and (r.import_id is null or exists (select 1 from ${imports} i where i.id = r.import_id and i.company_id = ${companyId} and i.undone_on is null))
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from back`),
  );
  return Number(rows[0]?.n ?? 0);
}

export const MILES_IMPORT: TImportTarget = {
  kind: 'miles',
  page: IMPORT_PAGE.miles,
  table: iftaMiles,
  pipeline: {
    // Miles, a row per trip, are asked batch by batch; each stored key with its figures, to tell a corrected file.
    storedKeys: (db, companyId) => async (keys) => {
      const m = iftaMiles;
      const rows = await db
        .select({ key: m.naturalKey, total: m.totalMiles, taxable: m.taxableMiles })
        .from(m)
        .where(and(eq(m.companyId, companyId), inArray(m.naturalKey, keys), lineShown(companyId, m.importId)));
      await yieldToOthers();
      return new Map(rows.map((r) => [r.key, { fingerprint: `${r.total}|${r.taxable}` }]));
    },
    fleet: fleetUnits,
    input: (req, fleet) => ({
      period: req.year && req.quarter ? { year: req.year, quarter: req.quarter } : undefined,
      knownUnits: new Set(fleet),
      unitMap: req.unitMap ?? undefined,
    }),
    columns: [
      { key: 'unit', label: 'Unit' },
      { key: 'jurisdiction', label: 'State' },
      { key: 'period', label: 'Quarter' },
      { key: 'date', label: 'Trip date' },
      { key: 'totalMiles', label: 'Miles' },
      { key: 'taxableMiles', label: 'Taxable miles' },
      { key: 'storedMiles', label: 'Stored miles' },
      { key: 'storedTaxableMiles', label: 'Stored taxable' },
      { key: 'source', label: 'Source' },
    ],
    // `stored`: the stored figures of a record the file changes ('total|taxable'), shown beside the file's.
    values: (record, stored) => {
      const r = record as TMilesRecord;
      return {
        unit: r.unit,
        jurisdiction: r.jurisdiction,
        period: `${r.year} Q${r.quarter}`,
        date: r.date,
        totalMiles: r.totalMiles,
        taxableMiles: r.taxableMiles,
        storedMiles: stored ? stored.split('|')[0] : null,
        storedTaxableMiles: stored ? (stored.split('|')[1] ?? null) : null,
        source: r.source,
      };
    },
    // A corrected file's lines wait under a key of their own until the stored figures they replace are gone.
    row: (companyId, importId, record, replaces) => {
      const row = milesRow(companyId, importId, record as TMilesRecord);
      return replaces ? { ...row, naturalKey: `${row.naturalKey}${REPLACING}` } : row;
    },
    run: (req) => ({
      seen: () => {},
      finish: async (tx, companyId, importId) => ({ replaced: req.replace ? await replaceStored(tx, companyId, importId) : 0 }),
    }),
  },
  restore: restoreMiles,
};
