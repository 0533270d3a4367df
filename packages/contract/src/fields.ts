import { z } from 'zod';
import { MSG } from './messages';

/** Field builders shared by every form, filter and query of the contract. */

/** The largest id of a serial (int4) column, and of the smallint lookups (states, statuses, roles). */
export const MAX_ID = 2_147_483_647;
export const MAX_SMALL_ID = 32_767;
const unknownId = 'Not a known id';

const blankToUndefined = (v: unknown) => {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? undefined : Number(t);
  }
  return v;
};

/**
 * An id as sent: a JSON integer, or text of decimal digits only. Number() would read '0x10' as 16,
 * '1e1' as 10 and ' 16' as 16 (a DELETE of the wrong row), so any other text is left as text and
 * refused by the number schema after it. '' and null stay "absent" for the optional ids.
 */
export const idInput = (v: unknown) => {
  if (v === null || v === undefined || v === '') return undefined;
  if (typeof v === 'string') return /^[0-9]+$/.test(v) ? Number(v) : v;
  return v;
};

/** An optional id (0, '' or absent: none), digits only like every id. */
export const optionalId = (max: number = MAX_ID) =>
  z.preprocess(idInput, z.number({ error: 'Must be a number' }).int({ error: 'Must be a whole number' }).min(0).max(max, { error: unknownId }).optional());

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
export const filterId = (max: number = MAX_ID) =>
  z
    .preprocess(idInput, z.number({ error: 'Must be a number' }).int({ error: 'Must be a whole number' }).min(0).max(max, { error: unknownId }).optional())
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
    .preprocess(idInput, z.number({ error: 'Must be a number' }).int().min(0).max(MAX_ID, { error: unknownId }).optional())
    .transform((v) => (v ? v : null));

/** A required trimmed string with the spec's message. */
export const requiredText = (message: string = MSG.required, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });

export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

/** An id chosen from a select: a positive integer (digits only), 'Field is required' when missing. `max` is the
 * column's range (MAX_SMALL_ID for the smallint lookups), so no id a person can type overflows it. */
export const requiredId = (message: string = MSG.required, max: number = MAX_ID) =>
  z.preprocess(idInput, z.number({ error: message }).int({ error: message }).positive({ error: message }).max(max, { error: unknownId }));

export const ZIdQuery = z.object({ id: requiredId() });

/** A list of ids: each bounded like requiredId, repeats removed (the order of first appearance kept). */
export const idList = (message: string = MSG.required, max: number = MAX_ID) =>
  z.array(requiredId(message, max), { error: message }).transform((ids) => [...new Set(ids)]);

/*
 * Contact formats, once for every form (issue #8): a phone number, a US ZIP or Canadian postal
 * code, an MC number and a USDOT number. Each field keeps its spec message for "missing".
 */
export const FORMAT_TEXT = {
  phone: 'Enter a phone number: digits, with + ( ) - . or spaces',
  zip: 'Enter a ZIP code like 75201 or 75201-1234 (or a Canadian postal code)',
  mc: 'An MC number is up to 8 digits, optionally after MC',
  dot: 'A USDOT number is up to 8 digits',
  email: 'Must be a valid email',
} as const;

const PHONE = /^\+?[0-9 ().-]+$/;
const digitCount = (v: string) => v.replace(/\D/g, '').length;
const ZIP = /^(\d{5}(-\d{4})?|[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d)$/;
const MC = /^(MC[ -]?)?\d{1,8}$/i;
const DOT = /^\d{1,8}$/;

/** A phone number: the spec's message when missing, at most `max` characters (spec §9: 10), 7 to 15 digits. */
export const phoneField = (message: string, max = 10, maxMessage = `At most ${max} characters`) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: maxMessage })
    .refine((v) => v === '' || (PHONE.test(v) && digitCount(v) >= 7 && digitCount(v) <= 15), { error: FORMAT_TEXT.phone });

export const zipField = (message: string) =>
  requiredText(message, 20).refine((v) => v === '' || ZIP.test(v), { error: FORMAT_TEXT.zip });

export const mcField = () =>
  optionalText(30).refine((v) => v === null || MC.test(v), { error: FORMAT_TEXT.mc });

export const dotField = () =>
  optionalText(30).refine((v) => v === null || DOT.test(v), { error: FORMAT_TEXT.dot });

/** An email address a person types: the spec's message when missing, at most `max` characters, one address. */
export const emailField = (message: string, max = 255) =>
  requiredText(message, max).pipe(z.email({ error: FORMAT_TEXT.email }));

type TWrapperDef = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };

/**
 * The most characters a text schema takes (its `.max`), through optional, nullable, default,
 * refinements and pipes; null for a schema without a text limit. Forms show it as the person types.
 */
export function maxLengthOf(schema: z.ZodType): number | null {
  const def = schema._zod.def as unknown as TWrapperDef;
  switch (def.type) {
    case 'string':
      return (schema as z.ZodString).maxLength ?? null;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return def.innerType ? maxLengthOf(def.innerType) : null;
    case 'pipe':
      return (def.in && maxLengthOf(def.in)) ?? (def.out && maxLengthOf(def.out)) ?? null;
    default:
      return null;
  }
}

export type TTextLimit = { max: number; message: string };

/**
 * Every text limit of a form's object schema, by field name, with the message the schema gives
 * for a text over it ({ brokerName: { max: 200, message: 'At most 200 characters' }, … }).
 */
export function textLimitsOf(schema: z.ZodType): Record<string, TTextLimit> {
  const def = schema._zod.def as unknown as { type: string; shape?: Record<string, z.ZodType> } & TWrapperDef;
  if (def.type === 'pipe' && def.in) return textLimitsOf(def.in);
  if (def.type !== 'object' || !def.shape) return {};
  const limits: Record<string, TTextLimit> = {};
  for (const [name, field] of Object.entries(def.shape)) {
    const max = maxLengthOf(field);
    if (max === null) continue;
    const tooLong = field.safeParse('9'.repeat(max + 1)).error?.issues.find((i) => i.code === 'too_big');
    limits[name] = { max, message: tooLong?.message ?? `At most ${max} characters` };
  }
  return limits;
}
