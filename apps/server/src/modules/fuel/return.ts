import {
  DEFAULT_IFTA_RETURN_SETTINGS,
  formatMoney,
  IFTA_RETURN_TEXT,
  iftaDueDate,
  type TIftaReturn,
  type TIftaReturnSettings,
} from '@haulboard/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import type { TDbLike } from '../../db/client';
import { companies, companySettings, iftaRateMatrices, iftaRates, users } from '../../db/schema';
import { csvText, type TCsvCell } from '../../files/csv-writer';
import { refuse } from '../../lib/errors';
import { fullNameOf } from '../../lib/people';
import { isoOf } from '../../lib/rows';
import { resolvePeriod } from './period';
import { unitStateSums, weeksWithoutFuel } from './queries';
import { MATRIX_TEXT, parseRateMatrix } from './rate-matrix';
import { buildIftaReport } from './report';
import { computeWorksheet } from './worksheet';

const quarterLabel = (year: number, quarter: number) => `Q${quarter} ${year}`;

export async function iftaReturnSettings(db: TDbLike, companyId: number): Promise<TIftaReturnSettings> {
  const [row] = await db
    .select({ mpg: companySettings.iftaMpgRounding, gallons: companySettings.iftaGallonsRounding, account: companySettings.iftaAccountNumber })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId));
  if (!row) return DEFAULT_IFTA_RETURN_SETTINGS;
  return {
    mpgRounding: row.mpg === 'trunc2' ? 'trunc2' : 'round2',
    gallonsRounding: row.gallons === 'thousandths' ? 'thousandths' : 'whole',
    iftaAccountNumber: row.account,
  };
}

export async function saveIftaReturnSettings(db: TDbLike, actor: TActor, input: TIftaReturnSettings): Promise<string> {
  const values = { iftaMpgRounding: input.mpgRounding, iftaGallonsRounding: input.gallonsRounding, iftaAccountNumber: input.iftaAccountNumber };
  await db
    .insert(companySettings)
    .values({ companyId: actor.companyId, ...values })
    .onConflictDoUpdate({ target: companySettings.companyId, set: { ...values, updatedOn: sql`now()` } });
  return IFTA_RETURN_TEXT.settingsSaved;
}

/** Saves a quarter's matrix, replacing the one uploaded before. The file is refused whole when a row is bad. */
export async function uploadIftaRates(
  tx: TDbLike,
  actor: TActor,
  input: { year: number; quarter: number; file: { name: string; buffer: Buffer } },
): Promise<string> {
  const parsed = await parseRateMatrix({ fileName: input.file.name, buffer: input.file.buffer });
  const chosen = quarterLabel(input.year, input.quarter);
  if (parsed.quarterInFile && (parsed.quarterInFile.year !== input.year || parsed.quarterInFile.quarter !== input.quarter)) {
    throw refuse(MATRIX_TEXT.otherQuarter(quarterLabel(parsed.quarterInFile.year, parsed.quarterInFile.quarter), chosen));
  }
  const { companyId } = actor;
  await tx
    .delete(iftaRateMatrices)
    .where(and(eq(iftaRateMatrices.companyId, companyId), eq(iftaRateMatrices.year, input.year), eq(iftaRateMatrices.quarter, input.quarter)));
  const [matrix] = await tx
    .insert(iftaRateMatrices)
    .values({ companyId, year: input.year, quarter: input.quarter, fileName: input.file.name.slice(0, 255), isSample: parsed.isSample, uploadedBy: actor.userId })
    .returning({ id: iftaRateMatrices.id });
  await tx.insert(iftaRates).values(parsed.rates.map((r) => ({ companyId, matrixId: matrix.id, ...r })));
  return parsed.isSample ? IFTA_RETURN_TEXT.sampleSaved(parsed.rates.length, chosen) : IFTA_RETURN_TEXT.ratesSaved(parsed.rates.length, chosen);
}

async function matrixOf(db: TDbLike, companyId: number, year: number, quarter: number) {
  const m = iftaRateMatrices;
  const [info] = await db
    .select({ id: m.id, fileName: m.fileName, isSample: m.isSample, uploadedOn: isoOf(m.createdOn), firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(m)
    .leftJoin(users, eq(users.id, m.uploadedBy))
    .where(and(eq(m.companyId, companyId), eq(m.year, year), eq(m.quarter, quarter)));
  if (!info) return null;
  const rates = await db
    .select({ stateCode: iftaRates.stateCode, usdPerGal: iftaRates.usdPerGal, surchargeUsdPerGal: iftaRates.surchargeUsdPerGal })
    .from(iftaRates)
    .where(and(eq(iftaRates.companyId, companyId), eq(iftaRates.matrixId, info.id), eq(iftaRates.fuelType, 'diesel')));
  return {
    info: {
      fileName: info.fileName,
      jurisdictions: rates.length,
      isSample: info.isSample,
      uploadedOn: info.uploadedOn,
      uploadedBy: info.email ? fullNameOf({ firstName: info.firstName, lastName: info.lastName, email: info.email }) : null,
    },
    rates,
  };
}

/** The quarter's worksheet: figures, the matrix it used, the settings and the checks. */
export async function iftaReturn(db: TDbLike, actor: TActor, q: { year: number; quarter: number }): Promise<TIftaReturn> {
  const { companyId } = actor;
  const period = (await resolvePeriod(db, companyId, { weekId: null, year: q.year, quarter: q.quarter }))!;
  const [[company], settings, matrix, sums, quietWeeks] = await Promise.all([
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
    iftaReturnSettings(db, companyId),
    matrixOf(db, companyId, q.year, q.quarter),
    unitStateSums(db, companyId, period, null, null),
    weeksWithoutFuel(db, companyId, period),
  ]);
  const figures = computeWorksheet(sums, matrix?.rates ?? null, settings);
  const checks: string[] = [];
  if (!matrix) checks.push(IFTA_RETURN_TEXT.noRates(quarterLabel(q.year, q.quarter)));
  else if (matrix.info.isSample) checks.push(IFTA_RETURN_TEXT.sampleRates);
  checks.push(...figures.notes);
  // The report's checks per unit (miles without fuel, fuel without miles, MPG outside 4 to 10), and weeks without fuel.
  checks.push(...buildIftaReport(sums, { summary: false, period: period.label }).checks);
  if (quietWeeks.length && sums.length) checks.push(`No fuel was bought in ${quietWeeks.join(', ')}: are fuel records missing?`);
  if (figures.nonIftaMiles > 0) checks.push(IFTA_RETURN_TEXT.nonIfta(figures.nonIftaMiles.toLocaleString('en-US')));
  return {
    year: q.year,
    quarter: q.quarter,
    period: period.label,
    dueDate: iftaDueDate(q.year, q.quarter),
    licensee: company?.name ?? '',
    iftaAccountNumber: settings.iftaAccountNumber,
    fuelType: 'Diesel',
    totalMiles: figures.totalMiles,
    totalGallons: figures.totalGallons,
    fleetMpg: figures.fleetMpg,
    nonIftaMiles: figures.nonIftaMiles,
    lines: figures.lines,
    totalTaxableGallons: figures.totalTaxableGallons,
    totalTaxPaidGallons: figures.totalTaxPaidGallons,
    totalTax: figures.totalTax,
    totalSurcharge: figures.totalSurcharge,
    grandTotal: figures.grandTotal,
    rates: matrix?.info ?? null,
    settings,
    checks,
  };
}

export function iftaReturnCsv(r: TIftaReturn): string {
  // Figures are typed as numbers or decimals: only those may start with a minus (a credit).
  const d = (v: string | null) => ({ decimal: v });
  const rows: TCsvCell[][] = [
    ['IFTA return worksheet', r.period],
    ['Licensee', r.licensee],
    ['IFTA account', r.iftaAccountNumber],
    ['Fuel type', r.fuelType],
    ['Due date', r.dueDate],
    ['Rates', r.rates ? `${r.rates.fileName}${r.rates.isSample ? ' (SAMPLE - NOT REAL RATES)' : ''}` : 'not uploaded'],
    ['Total miles', r.totalMiles],
    ['Total gallons', d(r.totalGallons)],
    ['Fleet MPG', d(r.fleetMpg)],
    [],
    ['Jurisdiction', 'Code', 'Rate', 'Surcharge rate', 'Total miles', 'Taxable miles', 'Taxable gallons', 'Tax-paid gallons', 'Net taxable gallons', 'Tax due (credit)', 'Surcharge', 'Line total'],
    ...r.lines.map((l) => [
      l.stateName,
      l.stateCode,
      d(l.rate),
      d(l.surchargeRate),
      l.totalMiles,
      l.taxableMiles,
      d(l.taxableGallons),
      d(l.taxPaidGallons),
      d(l.netTaxableGallons),
      d(l.tax),
      d(l.surcharge),
      d(l.lineTotal),
    ]),
    [
      'Totals',
      null,
      null,
      null,
      r.lines.reduce((s, l) => s + l.totalMiles, 0),
      r.lines.reduce((s, l) => s + l.taxableMiles, 0),
      d(r.totalTaxableGallons),
      d(r.totalTaxPaidGallons),
      null,
      d(r.totalTax),
      d(r.totalSurcharge),
      d(r.grandTotal),
    ],
    [],
    ['Grand total (balance due; negative is a refund)', r.grandTotal === null ? 'incomplete' : d(r.grandTotal)],
    ...r.checks.map((c) => ['Check', c]),
  ];
  return csvText(rows);
}

export const moneyOrDash = (v: string | null) => (v === null ? '-' : formatMoney(v));
