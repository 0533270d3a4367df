import { IMPORT_PAGE, LATE_FUEL_TEXT } from '@haulboard/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { TDbLike } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fuelTransactions, imports } from '../../db/schema';
import { naturalKey, type TFuelRecord, type TImportRecord } from '../../imports';
import { refuseIfClosed } from '../../lib/closed-weeks';
import { lineShown } from '../../lib/import-lines';
import type { TImportTarget } from '../imports';
import { lateNotice, lateWeeks, settleLateFuel } from './late-fuel';

/** The fuel card import's target (decision 016): fuel lines, with late fuel for lines dated in closed weeks (decision 019). */

/** Lets other requests use the database (PGlite has one connection) between two batches of a long file. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

const fuelOf = (records: TImportRecord[]) => records as TFuelRecord[];

function fuelRow(companyId: number, importId: number, r: TFuelRecord) {
  return {
    companyId,
    importId,
    vendor: r.vendor,
    cardLast4: r.card || null,
    fuelDate: r.date,
    fuelTime: r.time ? r.time.slice(0, 5) : null,
    unitNumber: r.unit,
    driverName: r.driverName || null,
    location: r.location || null,
    city: r.city || null,
    stateCode: r.state ?? '',
    product: r.product,
    productCode: r.productCode || null,
    isIfta: r.ifta,
    quantity: r.quantity,
    unitPrice: r.retailPrice,
    paidPrice: r.paidPrice,
    amount: r.amount ?? '0.00',
    discount: r.discount,
    currency: r.currency,
    taxPaid: r.taxPaid,
    invoice: r.invoice || r.authorization || null,
    naturalKey: naturalKey(r),
  };
}

/**
 * Fuel keys are asked batch by batch (a company may hold millions of lines), key by key through the
 * company's unique index (`= any(…)` or a join made PGlite, whose tables are never analysed, read every
 * line of the company instead: slower the more it holds), with the import that stored each line, so
 * the preview can say when and from which file.
 */
const storedKeys = (db: TDbLike, companyId: number) => async (keys: string[]) => {
  const f = fuelTransactions;
  const rows = rowsOf<{ key: string; file_name: string | null; imported_on: string | null }>(
    await db.execute(sql`
      select stored.key, stored.file_name, stored.imported_on from unnest(${sql.param(keys)}::text[]) as asked(key)
      cross join lateral (
        select f.natural_key as key, i.file_name, to_char(i.created_on at time zone 'UTC', 'YYYY-MM-DD') as imported_on
        from ${f} f left join ${imports} i on i.company_id = ${companyId} and i.id = f.import_id
        where f.company_id = ${companyId} and f.natural_key = asked.key and ${lineShown(companyId, sql`f.import_id`)}
        limit 1
      ) stored`),
  );
  // A file of lines all stored before writes nothing: let others in between its batches too.
  await yieldToOthers();
  return new Map(rows.map((r) => [r.key, r.file_name && r.imported_on ? { fileName: r.file_name, importedOn: r.imported_on } : null]));
};

/** Each day's count of new lines: those dated in closed weeks are marked as late fuel. */
function lateMarks() {
  const perDay = new Map<string, number>();
  return {
    seen: (records: TImportRecord[]) => {
      for (const r of fuelOf(records)) perDay.set(r.date, (perDay.get(r.date) ?? 0) + 1);
    },
    finish: async (db: TDbLike, companyId: number) => {
      const weeks = perDay.size ? await lateWeeks(db, companyId, [...perDay.keys()]) : [];
      if (!weeks.length) return null;
      const count = [...perDay].reduce((n, [day, c]) => n + (weeks.some((l) => day >= l.closed.startDate && day <= l.closed.endDate) ? c : 0), 0);
      return {
        notice: (record: TImportRecord) => lateNotice(weeks, (record as TFuelRecord).date),
        count,
        summary: count ? LATE_FUEL_TEXT.previewSummary(count) : '',
      };
    },
  };
}

export const FUEL_IMPORT: TImportTarget = {
  kind: 'fuel',
  page: IMPORT_PAGE.fuel,
  table: fuelTransactions,
  pipeline: {
    storedKeys,
    columns: [
      { key: 'date', label: 'Date' },
      { key: 'unit', label: 'Unit' },
      { key: 'product', label: 'Product' },
      { key: 'quantity', label: 'Gallons' },
      { key: 'amount', label: 'Amount' },
      { key: 'state', label: 'State' },
      { key: 'location', label: 'Location' },
      { key: 'vendor', label: 'Vendor' },
    ],
    values: (record) => {
      const r = record as TFuelRecord;
      return {
        date: `${r.date}${r.time ? ` ${r.time.slice(0, 5)}` : ''}`,
        unit: r.unit,
        product: r.productCode || r.product,
        quantity: r.quantity,
        amount: r.amount,
        state: r.state,
        location: [r.location, r.city].filter(Boolean).join(', ') || null,
        vendor: r.vendor,
      };
    },
    marks: lateMarks,
    row: (companyId, importId, record) => fuelRow(companyId, importId, record as TFuelRecord),
    run: () => {
      const dates = new Set<string>();
      return {
        seen: (records) => {
          for (const r of fuelOf(records)) dates.add(r.date);
        },
        // Fuel is deducted in settlements: a line dated in a closed week is deducted in the first open week
        // after it, as late fuel (the weeks stay locked until the import's last transaction commits).
        finish: async (tx, companyId, importId) => {
          const late = dates.size ? await settleLateFuel(tx, companyId, importId, [...dates]) : 0;
          return { note: late ? LATE_FUEL_TEXT.imported(late) : '' };
        },
      };
    },
  },
  // Each line's week in pay: a late line's settle week, else its date's week.
  beforeUndo: async (tx, companyId, importId) => {
    const lines = await tx
      .selectDistinct({ date: fuelTransactions.fuelDate, settleWeekId: fuelTransactions.settleWeekId })
      .from(fuelTransactions)
      .where(and(eq(fuelTransactions.companyId, companyId), eq(fuelTransactions.importId, importId)));
    await refuseIfClosed(tx, companyId, {
      dates: lines.filter((l) => l.settleWeekId === null).map((l) => l.date),
      weekIds: lines.flatMap((l) => (l.settleWeekId === null ? [] : [l.settleWeekId])),
    });
  },
};
