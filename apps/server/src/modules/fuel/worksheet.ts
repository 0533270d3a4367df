import {
  centsToText,
  findJurisdiction,
  IFTA_RETURN_TEXT,
  jurisdictionName,
  type TIftaReturnLine,
  type TIftaReturnSettings,
} from '@haulboard/contract';
import type { TUnitStateSums } from './queries';
import { scaled } from './report';

/**
 * The return's arithmetic (domain-notes §1.1 and §1.2), exact in integers: miles and gallons in
 * thousandths, MPG in hundredths, rates in ten-thousandths of a dollar, money in cents. Every figure
 * is computed from the figures printed before it on the worksheet, the way the paper form does:
 * miles are whole; fleet MPG = total miles ÷ total gallons (2 decimals, rounded or cut as set);
 * taxable gallons = taxable miles ÷ fleet MPG (whole or thousandths, half up); net = taxable −
 * tax-paid; tax = net × rate and surcharge = taxable × surcharge rate, each rounded to cents (half
 * away from zero, so a credit mirrors a tax); line = tax + surcharge; totals add the rounded lines.
 */

export type TRate = { stateCode: string; usdPerGal: string; surchargeUsdPerGal: string };

export type TWorksheetFigures = {
  totalMiles: number;
  totalGallons: string;
  fleetMpg: string | null;
  nonIftaMiles: number;
  lines: TIftaReturnLine[];
  totalTaxableGallons: string | null;
  totalTaxPaidGallons: string;
  totalTax: string | null;
  totalSurcharge: string | null;
  grandTotal: string | null;
  /** Sentences about the figures themselves (no fuel, no rate for a jurisdiction). */
  notes: string[];
};

/** a / b rounded half away from zero (b > 0). */
function divRound(a: bigint, b: bigint): bigint {
  const q = (2n * (a < 0n ? -a : a) + b) / (2n * b);
  return a < 0n ? -q : q;
}

/** Thousandths rounded as the gallons setting says (still in thousandths). */
const roundGallons = (thousandths: bigint, rounding: TIftaReturnSettings['gallonsRounding']) =>
  rounding === 'whole' ? divRound(thousandths, 1000n) * 1000n : thousandths;

/** Thousandths → '612' (whole setting) or '612.345'. */
function gallonsText(thousandths: bigint, rounding: TIftaReturnSettings['gallonsRounding']): string {
  const neg = thousandths < 0n;
  const abs = neg ? -thousandths : thousandths;
  const whole = abs / 1000n;
  const text = rounding === 'whole' ? String(whole) : `${whole}.${String(abs % 1000n).padStart(3, '0')}`;
  return neg && abs !== 0n ? `-${text}` : text;
}

/** Cents → '-12.30' (the contract's money text; a quarter's tax is far inside a safe integer). */
const moneyText = (cents: bigint) => centsToText(Number(cents));

/** Whole miles of a thousandths sum, half up. */
const wholeMiles = (thousandths: bigint) => divRound(thousandths, 1000n);

export function computeWorksheet(sums: TUnitStateSums[], rates: TRate[] | null, settings: TIftaReturnSettings): TWorksheetFigures {
  const byState = new Map<string, { miles: bigint; taxable: bigint; gallons: bigint; taxPaid: bigint }>();
  for (const s of sums) {
    const a = byState.get(s.stateCode) ?? { miles: 0n, taxable: 0n, gallons: 0n, taxPaid: 0n };
    a.miles += scaled(s.miles, 3);
    a.taxable += scaled(s.taxableMiles, 3);
    a.gallons += scaled(s.gallons, 3);
    a.taxPaid += scaled(s.taxPaidGallons, 3);
    byState.set(s.stateCode, a);
  }
  let milesAll = 0n;
  let gallonsAll = 0n;
  let nonIfta = 0n;
  for (const [code, a] of byState) {
    milesAll += a.miles;
    gallonsAll += a.gallons;
    if (!findJurisdiction(code)?.isIfta) nonIfta += a.miles;
  }
  const totalMiles = wholeMiles(milesAll);
  const totalGallons = roundGallons(gallonsAll, settings.gallonsRounding);
  // MPG in hundredths = miles ÷ (gallons thousandths / 1000) × 100.
  const mpg = totalGallons > 0n ? (settings.mpgRounding === 'trunc2' ? (totalMiles * 100_000n) / totalGallons : divRound(totalMiles * 100_000n, totalGallons)) : null;
  const rateOf = new Map((rates ?? []).map((r) => [r.stateCode, r]));
  const notes: string[] = [];
  if (mpg === null && milesAll > 0n) notes.push(IFTA_RETURN_TEXT.noFuel);

  const missingRate: string[] = [];
  let sumTaxable = 0n;
  let sumTaxPaid = 0n;
  let sumTax = 0n;
  let sumSurcharge = 0n;
  const lines: TIftaReturnLine[] = [];
  const codes = [...byState.keys()].filter((c) => findJurisdiction(c)?.isIfta).sort((a, b) => jurisdictionName(a).localeCompare(jurisdictionName(b)));
  for (const code of codes) {
    const a = byState.get(code)!;
    if (a.miles === 0n && a.taxable === 0n && a.taxPaid === 0n) continue;
    const rate = rateOf.get(code);
    if (rates && !rate) missingRate.push(jurisdictionName(code));
    const taxableMiles = wholeMiles(a.taxable);
    // Taxable gallons in thousandths: miles ÷ (mpg / 100) × 1000.
    // Rounded once from the exact quotient (whole gallons: miles × 100 ÷ mpg hundredths).
    const taxableGallons =
      mpg === null || mpg === 0n ? null : settings.gallonsRounding === 'whole' ? divRound(taxableMiles * 100n, mpg) * 1000n : divRound(taxableMiles * 100_000n, mpg);
    const taxPaid = roundGallons(a.taxPaid, settings.gallonsRounding);
    const net = taxableGallons === null ? null : taxableGallons - taxPaid;
    // Gallons thousandths × ten-thousandths of a dollar = 10^-7 dollars; cents = ÷ 10^5.
    const tax = net !== null && rate ? divRound(net * scaled(rate.usdPerGal, 4), 100_000n) : null;
    const surcharge = taxableGallons !== null && rate ? divRound(taxableGallons * scaled(rate.surchargeUsdPerGal, 4), 100_000n) : null;
    if (taxableGallons !== null) sumTaxable += taxableGallons;
    sumTaxPaid += taxPaid;
    if (tax !== null) sumTax += tax;
    if (surcharge !== null) sumSurcharge += surcharge;
    lines.push({
      stateCode: code,
      stateName: jurisdictionName(code),
      rate: rate ? rate.usdPerGal : null,
      surchargeRate: rate ? rate.surchargeUsdPerGal : null,
      totalMiles: Number(wholeMiles(a.miles)),
      taxableMiles: Number(taxableMiles),
      taxableGallons: taxableGallons === null ? null : gallonsText(taxableGallons, settings.gallonsRounding),
      taxPaidGallons: gallonsText(taxPaid, settings.gallonsRounding),
      netTaxableGallons: net === null ? null : gallonsText(net, settings.gallonsRounding),
      tax: tax === null ? null : moneyText(tax),
      surcharge: surcharge === null ? null : moneyText(surcharge),
      lineTotal: tax === null || surcharge === null ? null : moneyText(tax + surcharge),
    });
  }
  if (missingRate.length) notes.push(IFTA_RETURN_TEXT.noRateFor(missingRate));
  const complete = mpg !== null && !!rates && !missingRate.length;
  return {
    totalMiles: Number(totalMiles),
    totalGallons: gallonsText(totalGallons, settings.gallonsRounding),
    fleetMpg: mpg === null ? null : `${mpg / 100n}.${String(mpg % 100n).padStart(2, '0')}`,
    nonIftaMiles: Number(wholeMiles(nonIfta)),
    lines,
    totalTaxableGallons: mpg === null ? null : gallonsText(sumTaxable, settings.gallonsRounding),
    totalTaxPaidGallons: gallonsText(sumTaxPaid, settings.gallonsRounding),
    totalTax: complete ? moneyText(sumTax) : null,
    totalSurcharge: complete ? moneyText(sumSurcharge) : null,
    grandTotal: complete ? moneyText(sumTax + sumSurcharge) : null,
    notes,
  };
}
