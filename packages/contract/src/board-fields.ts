import { z } from 'zod';
import { MSG } from './messages';

/** Field builders shared by the board's forms and filters (brokers, loads, work weeks). */

const blankToUndefined = (v: unknown) => {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? undefined : Number(t);
  }
  return v;
};

type TNumberOptions = { min?: number; max?: number; int?: boolean; message?: string };

/** A required number from a form: '' or null is 'Field is required'; text is read as a number. */
export const requiredNumber = ({ min = 0, max = 1_000_000_000, int = false, message = MSG.required }: TNumberOptions = {}) => {
  let n = z.number({ error: (iss) => (iss.input === undefined ? message : 'Must be a number') });
  if (int) n = n.int({ error: 'Must be a whole number' });
  return z.preprocess(blankToUndefined, n.min(min, { error: `Must be ${min} or more` }).max(max, { error: `Must be at most ${max}` }));
};

/** An optional number: '' or null means absent. */
export const optionalNumber = ({ min = 0, max = 1_000_000_000, int = false }: TNumberOptions = {}) => {
  let n = z.number({ error: 'Must be a number' });
  if (int) n = n.int({ error: 'Must be a whole number' });
  return z.preprocess(blankToUndefined, n.min(min, { error: `Must be ${min} or more` }).max(max, { error: `Must be at most ${max}` }).optional());
};

/** A filter id where 0, '' or null means "no filter" (spec §9: page default zero ids). */
export const filterId = () =>
  z
    .preprocess(blankToUndefined, z.number({ error: 'Must be a number' }).int({ error: 'Must be a whole number' }).min(0).optional())
    .transform((v) => (v ? v : null));

/** A filter year (0 or blank: none). */
export const filterYear = () =>
  z
    .preprocess(blankToUndefined, z.number({ error: 'Must be a year' }).int().min(0).max(2100, { error: 'Must be a year' }).optional())
    .transform((v) => (v ? v : null));

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

export const isValidDate = (v: string) => {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

/** ISO 8601 date-time to the canonical UTC form; a value without an offset is read as UTC. */
export function toUtcIso(v: string): string | null {
  const s = v.trim();
  if (!DATE_TIME.test(s) || !isValidDate(s.slice(0, 10))) return null;
  let iso = s.replace(' ', 'T');
  if (iso.length === 10) iso += 'T00:00:00';
  if (!/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(iso.slice(10))) iso += 'Z';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A required date-time (ISO 8601; without an offset it is UTC). Answers '2026-03-16T08:00:00.000Z'. */
export const requiredDateTime = (message: string = MSG.required) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine((v) => toUtcIso(v) !== null, { error: 'Enter a valid date and time' })
    .transform((v) => toUtcIso(v)!);

/** A required calendar date, 'YYYY-MM-DD'. */
export const requiredDate = (message: string = MSG.required) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine((v) => isValidDate(v.slice(0, 10)) && (v.length === 10 || toUtcIso(v) !== null), { error: 'Enter a valid date (YYYY-MM-DD)' })
    .transform((v) => v.slice(0, 10));

/** An optional calendar date for filters: '' or null is none; a date-time keeps its date part. */
export const filterDate = () =>
  z
    .string()
    .trim()
    .nullish()
    .refine((v) => !v || (isValidDate(v.slice(0, 10)) && (v.length === 10 || toUtcIso(v) !== null)), {
      error: 'Enter a valid date (YYYY-MM-DD)',
    })
    .transform((v) => (v ? v.slice(0, 10) : null));

/** The version a form was loaded at (`updatedOn` of the row); a newer row refuses the save. */
export const versionField = () => z.string().trim().nullish().transform((v) => (v ? v : null));

/** An id of a row to edit: 0, blank or absent means "new". */
export const editId = () =>
  z
    .preprocess(blankToUndefined, z.number({ error: 'Must be a number' }).int().min(0).optional())
    .transform((v) => (v ? v : null));
