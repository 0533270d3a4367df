import { sql } from 'drizzle-orm';
import { ROLE_NAMES } from '@haulboard/contract';
import type { TDbLike } from './client';
import { loadStatuses, roles, states } from './schema';

/** 50 states, DC and the Marshall Islands, alphabetical: ids follow this order (California is 5). */
export const STATES: [name: string, code: string][] = [
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
];

export const LOAD_STATUSES = ['Booked', 'Dispatched', 'In transit', 'Delivered', 'Invoiced', 'Paid', 'Cancelled', 'TONU'];

/** Lookup rows every database needs; safe to run at every start. */
export async function ensureReferenceData(db: TDbLike) {
  await db
    .insert(roles)
    .values(Object.entries(ROLE_NAMES).map(([id, name]) => ({ id: Number(id), name })))
    .onConflictDoUpdate({ target: roles.id, set: { name: sql`excluded.name` } });
  await db
    .insert(states)
    .values(STATES.map(([name, code], i) => ({ id: i + 1, name, code })))
    .onConflictDoNothing();
  await db
    .insert(loadStatuses)
    .values(LOAD_STATUSES.map((name, i) => ({ id: i + 1, name, sortOrder: i + 1 })))
    .onConflictDoNothing();
}
