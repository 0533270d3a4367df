import { centsToText, formatCents, percentOfCents, splitPayout, type TFeeType, toCents } from '@haulboard/contract';

/**
 * A driver's pay for a period, exact to the cent: each line is rounded half-up to cents once (a
 * team share, a fee), totals are sums of the rounded lines, and
 * net = gross + additions − expenses − fuel − administration fee.
 */
export type TPayInput = {
  driverId: number;
  /** The driver's loads with their drivers in order (position 1 first). */
  loads: { payout: string; driverIds: number[] }[];
  fuel: { amount: string }[];
  expenses: { amount: string; isReimbursement: boolean }[];
  fee: { type: TFeeType; amount: string };
  /** Work weeks the period covers, for a flat weekly fee. */
  weeks: number;
};

export type TPay = {
  shares: number[];
  grossCents: number;
  additionsCents: number;
  expenseCents: number;
  fuelCents: number;
  feeCents: number;
  netCents: number;
  feeBasis: string;
};

/** The driver's share of a load: the team split in cents, the odd cent to the first driver. */
export function shareOf(payout: string, driverIds: number[], driverId: number): number {
  const at = driverIds.indexOf(driverId);
  if (at < 0) return 0;
  return splitPayout(payout, driverIds.length)[at];
}

export function computePay(input: TPayInput): TPay {
  const shares = input.loads.map((l) => shareOf(l.payout, l.driverIds, input.driverId));
  const grossCents = shares.reduce((a, b) => a + b, 0);
  let additionsCents = 0;
  let expenseCents = 0;
  for (const e of input.expenses) {
    const c = Math.abs(toCents(e.amount) ?? 0);
    if (e.isReimbursement) additionsCents += c;
    else expenseCents += c;
  }
  const fuelCents = input.fuel.reduce((a, f) => a + (toCents(f.amount) ?? 0), 0);
  const feeAmount = toCents(input.fee.amount) ?? 0;
  let feeCents: number;
  let feeBasis: string;
  if (input.fee.type === 'percent') {
    feeCents = percentOfCents(grossCents, input.fee.amount);
    feeBasis = `${Number(centsToText(feeAmount))}% of ${formatCents(grossCents)} gross`;
  } else {
    feeCents = feeAmount * input.weeks;
    feeBasis = `${formatCents(feeAmount)} per week × ${input.weeks} week${input.weeks === 1 ? '' : 's'}`;
  }
  if (feeAmount === 0) feeBasis = 'No administration fee';
  const netCents = grossCents + additionsCents - expenseCents - fuelCents - feeCents;
  return { shares, grossCents, additionsCents, expenseCents, fuelCents, feeCents, netCents, feeBasis };
}
