import { findJurisdiction, jurisdictionName, type TIftaReport, type TIftaReportRow } from '@haulboard/contract';
import type { TUnitStateSums } from './queries';

/**
 * The IFTA report's arithmetic, exact: sums arrive as decimal text, are added as scaled integers,
 * and each figure is rounded once from its unrounded sum (spec §9: miles and gallons to whole
 * numbers, MPG to 2 decimals, half up). Fleet MPG is total miles over total IFTA gallons.
 */

const MILES_SCALE = 3;
const GALLONS_SCALE = 3;

/** Decimal text → integer of units of 10^-scale (extra places are cut; the columns hold at most `scale`). */
export function scaled(text: string, scale: number): bigint {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return 0n;
  const frac = (m[3] ?? '').padEnd(scale, '0').slice(0, scale);
  const v = BigInt((m[2] || '0') + frac);
  return m[1] === '-' ? -v : v;
}

/** a / b rounded half up to a whole number (a, b ≥ 0, b > 0). */
const divRound = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/** A scaled amount rounded half up to a whole number. */
export const whole = (v: bigint, scale: number) => Number(v < 0n ? -divRound(-v, 10n ** BigInt(scale)) : divRound(v, 10n ** BigInt(scale)));

/** Miles ÷ gallons to 2 decimals, half up; null without gallons. */
export function mpgOf(miles: bigint, gallons: bigint): number | null {
  if (gallons <= 0n || miles < 0n) return null;
  // (miles / 10^ms) / (gallons / 10^gs) × 100, rounded.
  const hundredths = divRound(miles * 100n * 10n ** BigInt(GALLONS_SCALE), gallons * 10n ** BigInt(MILES_SCALE));
  return Number(hundredths) / 100;
}

type TAcc = { miles: bigint; gallons: bigint; taxPaid: bigint };
const acc = (): TAcc => ({ miles: 0n, gallons: 0n, taxPaid: 0n });
const add = (a: TAcc, s: TAcc) => {
  a.miles += s.miles;
  a.gallons += s.gallons;
  a.taxPaid += s.taxPaid;
};

function row(unitNumber: string | null, stateCode: string, a: TAcc): TIftaReportRow {
  return {
    unitNumber,
    stateCode,
    stateName: jurisdictionName(stateCode),
    miles: whole(a.miles, MILES_SCALE),
    gallons: whole(a.gallons, GALLONS_SCALE),
    mpg: mpgOf(a.miles, a.gallons),
    taxPaidGallons: whole(a.taxPaid, GALLONS_SCALE),
    isIfta: findJurisdiction(stateCode)?.isIfta ?? false,
  };
}

// One collator for every comparison: `localeCompare` with options builds a new one per call, which
// made sorting the biggest fleet's 5,300 unit × state rows take most of the report's time.
const unitOrder = new Intl.Collator('en', { numeric: true }).compare;
const nameOrder = new Intl.Collator('en').compare;
const byUnitThenState = (a: TIftaReportRow, b: TIftaReportRow) => unitOrder(a.unitNumber ?? '', b.unitNumber ?? '') || nameOrder(a.stateName, b.stateName);

export const REPORT_TEXT = {
  quarterOnly: (unit: string, quarters: string) =>
    `Unit ${unit}'s miles are known only per quarter (${quarters}), not per trip: they are left out of this period, and its fuel is shown without miles. Choose the whole quarter to see them.`,
} as const;

/**
 * Per unit and state (`summary` false) or per state over every unit (`summary` true), with totals and
 * checks. `quarterOnly`: units whose miles of a quarter the period cuts are known only per quarter.
 */
export function buildIftaReport(
  sums: TUnitStateSums[],
  {
    summary,
    period,
    extraChecks = [],
    quarterOnly = [],
  }: { summary: boolean; period: string; extraChecks?: string[]; quarterOnly?: { unit: string; year: number; quarter: number }[] },
): TIftaReport {
  const total = acc();
  const rows = new Map<string, { unit: string | null; state: string; a: TAcc }>();
  const units = new Map<string, TAcc>();
  // Each sum's text is read once into scaled integers.
  const parsed = sums.map((s) => ({ s, v: { miles: scaled(s.miles, MILES_SCALE), gallons: scaled(s.gallons, GALLONS_SCALE), taxPaid: scaled(s.taxPaidGallons, GALLONS_SCALE) } }));
  for (const { s, v } of parsed) {
    add(total, v);
    const unit = summary ? null : s.unitNumber;
    const key = `${unit ?? ''}|${s.stateCode}`;
    let r = rows.get(key);
    if (!r) {
      r = { unit, state: s.stateCode, a: acc() };
      rows.set(key, r);
    }
    add(r.a, v);
    let u = units.get(s.unitNumber);
    if (!u) {
      u = acc();
      units.set(s.unitNumber, u);
    }
    add(u, v);
  }

  const checks: string[] = [];
  const perQuarter = new Map<string, string[]>();
  for (const q of quarterOnly) perQuarter.set(q.unit, [...(perQuarter.get(q.unit) ?? []), `Q${q.quarter} ${q.year}`]);
  for (const [unit, quarters] of [...perQuarter.entries()].sort(([a], [b]) => unitOrder(a, b))) checks.push(REPORT_TEXT.quarterOnly(unit, quarters.join(', ')));
  const sorted = [...units.entries()].sort(([a], [b]) => unitOrder(a, b));
  for (const [unit, a] of sorted) {
    // A unit known only per quarter is said once, above.
    if (perQuarter.has(unit) && a.miles === 0n) continue;
    if (a.miles > 0n && a.gallons === 0n) checks.push(`Unit ${unit} has miles but no fuel.`);
    else if (a.gallons > 0n && a.miles === 0n) checks.push(`Unit ${unit} bought fuel but has no miles.`);
    else {
      const mpg = mpgOf(a.miles, a.gallons);
      if (mpg !== null && (mpg < 4 || mpg > 10)) checks.push(`Unit ${unit} averages ${mpg.toFixed(2)} MPG, outside 4 to 10: check its miles and fuel.`);
    }
  }
  for (const { s, v } of parsed) {
    if (v.gallons > 0n && v.miles === 0n && (units.get(s.unitNumber)?.miles ?? 0n) > 0n) {
      checks.push(`Unit ${s.unitNumber} bought fuel in ${jurisdictionName(s.stateCode)} but has no miles there.`);
    }
  }
  checks.push(...extraChecks);

  return {
    totalGallons: whole(total.gallons, GALLONS_SCALE),
    totalMiles: whole(total.miles, MILES_SCALE),
    averageMPG: mpgOf(total.miles, total.gallons),
    unitReports: [...rows.values()].map((r) => row(r.unit, r.state, r.a)).sort(byUnitThenState),
    checks,
    period,
  };
}

