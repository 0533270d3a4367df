import type { z } from 'zod';

/**
 * A valid value for a zod schema, built from the schema itself: what the fuzz suite breaks one
 * field at a time, so a broken value is the only thing wrong with a request. Leaves try a few
 * ordinary values until the leaf's own schema accepts one; refinements across fields (a date range,
 * a rule between two fields) are left to the caller, who checks the whole with safeParse.
 */

const STRINGS = [
  'x',
  'Fuzz',
  '2026-03-16',
  '2026-03-16T08:00:00.000Z',
  '08:00',
  '5125550100',
  'fuzz@example.test',
  'DALLAS, TX',
  'Dallas',
  'TX',
  '75201',
  '10.00',
  '1',
  '12345',
  'http://127.0.0.1:9/',
  'fuel',
];
/** Field names that say which ordinary value to try first. */
const HINTS: [RegExp, string][] = [
  [/email/i, 'fuzz@example.test'],
  [/amount|fee|price|payout/i, '10.00'],
  [/phone/i, '5125550100'],
  [/zip/i, '75201'],
  [/mcNumber/i, '123456'],
  [/(updated|created)On$/i, '2026-03-16T08:00:00.000Z'],
  [/date/i, '2026-03-16'],
  [/time/i, '08:00'],
];
const NUMBERS = [1, 2, 3, 10, 100, 2026, 0, 0.5];

type TDef = { type: string } & Record<string, any>;
const defOf = (schema: z.ZodType): TDef => (schema as any)._zod.def;
const accepts = (schema: z.ZodType, value: unknown) => (schema as any).safeParse(value).success as boolean;

/** `optional: false` leaves optional fields out (a smaller valid value when the full one is refused). */
export function sampleOf(schema: z.ZodType, options: { optional?: boolean; key?: string } = {}): unknown {
  const withOptional = options.optional ?? true;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        // A preprocessed field (the ids) says 'optional' because its first step takes anything: it is
        // optional only if it also accepts leaving it out.
        const optional = (field as any)._zod.optin === 'optional' && accepts(field, undefined);
        if (optional && !withOptional) continue;
        const value = sampleOf(field, { ...options, key });
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleOf(def.innerType, options);
    case 'pipe': {
      // A preprocess step has no shape of its own: the schema after it says what fits.
      const value = sampleOf(def.in, options);
      return value === undefined ? sampleOf(def.out, options) : value;
    }
    case 'lazy':
      return sampleOf(def.getter(), options);
    case 'array': {
      const element = sampleOf(def.element, { ...options, key: undefined });
      const min = (schema as any)._zod.bag?.minimum ?? 1;
      return Array.from({ length: Math.max(1, min) }, () => structuredClone(element));
    }
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => sampleOf(item, options));
    case 'record':
      return {};
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'union': {
      for (const option of def.options as z.ZodType[]) {
        const value = sampleOf(option, options);
        if (accepts(option, value)) return value;
      }
      return sampleOf(def.options[0], options);
    }
    case 'boolean':
      return true;
    case 'string': {
      const hinted = HINTS.filter(([re]) => options.key && re.test(options.key)).map(([, value]) => value);
      return [...hinted, ...STRINGS].find((s) => accepts(schema, s)) ?? 'x';
    }
    case 'number':
    case 'int':
      return NUMBERS.find((n) => accepts(schema, n)) ?? 1;
    case 'date':
      return '2026-03-16';
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** A value the schema accepts: with every optional field, else the required ones only; null when neither passes. */
export function validSampleOf(schema: z.ZodType): unknown | null {
  for (const optional of [true, false]) {
    const value = sampleOf(schema, { optional });
    if (accepts(schema, value)) return value;
  }
  return null;
}
