import { z } from 'zod';
import { ZImportPreview } from './imports';
import { usDate } from './work-weeks';

/**
 * Invoice Import through the import pipeline's steps (issue 18): the board's payment file is
 * previewed for a work week (new, duplicate and refused lines, and its dates against the week's pay
 * period), confirmed whole, listed in the import history and undone there.
 */

const dates = (days: readonly string[]) => {
  const shown = days.slice(0, 8).map(usDate).join(', ');
  return days.length > 8 ? `${shown} and ${days.length - 8} more` : shown;
};
const period = (start: string, end: string) => `${usDate(start)} - ${usDate(end)}`;

export const INVOICE_IMPORT_TEXT = {
  /** Every line to import lies outside the pay period: the file of another week. Refused. */
  wrongWeek: (fileStart: string, fileEnd: string, payStart: string, payEnd: string) =>
    `ERROR This file's lines are dated ${fileStart === fileEnd ? usDate(fileStart) : `${usDate(fileStart)} to ${usDate(fileEnd)}`}, outside the pay period of the chosen week (${period(payStart, payEnd)}). Choose the week whose pay period holds them, or upload this week's file.`,
  /** Some lines lie outside the pay period: imported only when the person confirms these dates. */
  datesOutside: (days: readonly string[], rows: number, payStart: string, payEnd: string) =>
    `ERROR ${rows.toLocaleString('en-US')} ${rows === 1 ? 'line is' : 'lines are'} dated outside the pay period of the chosen week (${period(payStart, payEnd)}): ${dates(days)}. Confirm these dates to import ${rows === 1 ? 'it' : 'them'} for this week.`,
  datesQuestion: (days: readonly string[], rows: number, payStart: string, payEnd: string) =>
    `${rows.toLocaleString('en-US')} ${rows === 1 ? 'line is' : 'lines are'} dated outside this week's pay period (${period(payStart, payEnd)}): ${dates(days)}. Import ${rows === 1 ? 'it' : 'them'} for this week anyway?`,
  notPayments: 'ERROR This file is not a payment-details export of the load board',
} as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A date is YYYY-MM-DD' });

/** A payment file's preview: the pipeline's preview, for a week, with the file's dates against its pay period. */
export const ZInvoicePreview = ZImportPreview.omit({ kind: true }).extend({
  kind: z.literal('invoice'),
  weekId: z.number(),
  /** The pay week (Sunday to Saturday) the week's invoice covers. */
  payWeekStart: z.string(),
  payWeekEnd: z.string(),
  /** The days (YYYY-MM-DD) of new lines outside the pay period; Confirm must name them all to import them. */
  outsideDates: z.array(z.string()),
  outsideRows: z.number(),
  /** Every line to import is outside the pay period: the file is refused (the summary says why). */
  wrongWeek: z.boolean(),
  /** The question to answer before Confirm, naming the dates; null when there is none. */
  datesQuestion: z.string().nullable(),
});
export type TInvoicePreview = z.infer<typeof ZInvoicePreview>;

export const ZInvoiceConfirm = z.object({
  previewId: z.string().trim().min(1).max(64),
  /** The dates outside the pay period the person accepted (each named in the preview's question). */
  acceptDates: z.array(isoDay).max(400).default([]),
});

/** `AcceptDates` of the one-step ImportInvoice: the same dates, comma-separated. */
export const ZAcceptDatesField = z
  .string()
  .max(8000)
  .optional()
  .transform((v) => (v ? v.split(',').map((d) => d.trim()).filter(Boolean) : []))
  .pipe(z.array(isoDay).max(400));
