import { findUsState, usStates } from './states';

/**
 * Fuel-tax jurisdictions: the US states of the states lookup plus the Canadian provinces and
 * territories. IFTA members are the 48 contiguous states and the 10 provinces; Alaska, Hawaii, DC,
 * the Marshall Islands and the territories are not (their miles still count in fleet MPG).
 */
export const CANADIAN_JURISDICTIONS = [
  ['Alberta', 'AB'], ['British Columbia', 'BC'], ['Manitoba', 'MB'], ['New Brunswick', 'NB'],
  ['Newfoundland and Labrador', 'NL'], ['Nova Scotia', 'NS'], ['Ontario', 'ON'], ['Prince Edward Island', 'PE'],
  ['Quebec', 'QC'], ['Saskatchewan', 'SK'], ['Northwest Territories', 'NT'], ['Nunavut', 'NU'], ['Yukon', 'YT'],
] as const;

const NON_IFTA = new Set(['AK', 'HI', 'DC', 'MH', 'NT', 'NU', 'YT']);

export type TJurisdiction = { code: string; name: string; country: 'US' | 'CA'; isIfta: boolean };

const all: TJurisdiction[] = [
  ...usStates.map((s) => ({ code: s.code, name: s.name, country: 'US' as const, isIfta: !NON_IFTA.has(s.code) })),
  ...CANADIAN_JURISDICTIONS.map(([name, code]) => ({ code, name, country: 'CA' as const, isIfta: !NON_IFTA.has(code) })),
];
const byCode = new Map(all.map((j) => [j.code, j]));
const byName = new Map(all.map((j) => [j.name.toUpperCase(), j]));
byName.set('NEWFOUNDLAND', byCode.get('NL')!);
byName.set('QUÉBEC', byCode.get('QC')!);
byName.set('PQ', byCode.get('QC')!);
byName.set('WASHINGTON DC', byCode.get('DC')!);

/** Every jurisdiction, US first, each list alphabetical. */
export const jurisdictions: readonly TJurisdiction[] = all;

/** The jurisdiction a text names: 'TX', 'Texas', 'TEXAS', ' texas ', 'Ontario', 'ON', 'KENTUCKY SurChg' → KY. */
export function findJurisdiction(text: string | null | undefined): TJurisdiction | null {
  const t = (text ?? '')
    .replace(/#\s*\d+/g, '')
    .replace(/\bsur\s*chg\b/gi, '')
    .replace(/[.]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
  if (!t) return null;
  const us = findUsState(t);
  if (us) return byCode.get(us.code) ?? null;
  return byCode.get(t) ?? byName.get(t) ?? null;
}

/** The name shown for a jurisdiction code; an unknown code is shown as it is. */
export const jurisdictionName = (code: string) => byCode.get(code)?.name ?? code;
