import { z } from 'zod';
import { MSG } from './messages';

export const ZLookupItem = z.object({
  label: z.string(),
  value: z.union([z.number(), z.string(), z.boolean()]),
});
export type TLookupItem = z.infer<typeof ZLookupItem>;
export const ZLookupList = z.array(ZLookupItem);

/** A company driver: label '101 - Sam Carter', value the user id, and the unit on its own. */
export const ZDriverLookupItem = ZLookupItem.extend({ unitNumber: z.string().nullable() });
export type TDriverLookupItem = z.infer<typeof ZDriverLookupItem>;

/** A work week: label 'Week 12 (03/16/2026 - 03/22/2026)', value the week id, and its parts. */
export const ZWeekLookupItem = ZLookupItem.extend({
  year: z.number(),
  number: z.number(),
  startDate: z.string(),
  endDate: z.string(),
});
export type TWeekLookupItem = z.infer<typeof ZWeekLookupItem>;

/** A text reply to a mutation: 'ERROR …', 'INFO …' or a success text. */
export const ZTextReply = z.string();

export const ZErrorReply = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorReply = z.infer<typeof ZErrorReply>;

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

/** An id chosen from a select: a positive integer, 'Field is required' when missing. */
export const requiredId = (message: string = MSG.required) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

export const ZIdQuery = z.object({ id: z.coerce.number().int().positive() });
