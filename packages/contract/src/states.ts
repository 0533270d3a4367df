/**
 * The states of the GetStates lookup: 50 states, DC and the Marshall Islands (spec §3), in
 * alphabetical order. A state's id is its position in this list plus one (California is 5, the
 * broker form's default); the server seeds its `states` table from here.
 */
export const US_STATES = [
  ['Alabama', 'AL'], ['Alaska', 'AK'], ['Arizona', 'AZ'], ['Arkansas', 'AR'], ['California', 'CA'],
  ['Colorado', 'CO'], ['Connecticut', 'CT'], ['Delaware', 'DE'], ['District of Columbia', 'DC'], ['Florida', 'FL'],
  ['Georgia', 'GA'], ['Hawaii', 'HI'], ['Idaho', 'ID'], ['Illinois', 'IL'], ['Indiana', 'IN'],
  ['Iowa', 'IA'], ['Kansas', 'KS'], ['Kentucky', 'KY'], ['Louisiana', 'LA'], ['Maine', 'ME'],
  ['Marshall Islands', 'MH'], ['Maryland', 'MD'], ['Massachusetts', 'MA'], ['Michigan', 'MI'], ['Minnesota', 'MN'],
  ['Mississippi', 'MS'], ['Missouri', 'MO'], ['Montana', 'MT'], ['Nebraska', 'NE'], ['Nevada', 'NV'],
  ['New Hampshire', 'NH'], ['New Jersey', 'NJ'], ['New Mexico', 'NM'], ['New York', 'NY'], ['North Carolina', 'NC'],
  ['North Dakota', 'ND'], ['Ohio', 'OH'], ['Oklahoma', 'OK'], ['Oregon', 'OR'], ['Pennsylvania', 'PA'],
  ['Rhode Island', 'RI'], ['South Carolina', 'SC'], ['South Dakota', 'SD'], ['Tennessee', 'TN'], ['Texas', 'TX'],
  ['Utah', 'UT'], ['Vermont', 'VT'], ['Virginia', 'VA'], ['Washington', 'WA'], ['West Virginia', 'WV'],
  ['Wisconsin', 'WI'], ['Wyoming', 'WY'],
] as const satisfies readonly (readonly [name: string, code: string])[];

export type TUsState = { id: number; name: string; code: string };

export const usStates: readonly TUsState[] = US_STATES.map(([name, code], i) => ({ id: i + 1, name, code }));

const byName = new Map(usStates.map((s) => [s.name.toLowerCase(), s]));
const byCode = new Map(usStates.map((s) => [s.code, s]));

/** The state named or coded by a text ('Texas', 'TEXAS', 'tx'), or null. */
export function findUsState(text: string | null | undefined): TUsState | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  return byCode.get(t.toUpperCase()) ?? byName.get(t.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

/** 'Dallas, TX' for a city and a state name; a name without a known code is kept whole. */
export const cityState = (city: string, stateName: string) => `${city}, ${findUsState(stateName)?.code ?? stateName}`;
