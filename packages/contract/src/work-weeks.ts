import { z } from 'zod';
import { requiredDate } from './fields';
import { MSG } from './messages';
import { defineRoute, onObject, ZTextReply } from './route-def';

/** Spec §3 Work week. Dates are calendar days, 'YYYY-MM-DD'; a week runs 7 days, both ends included. */
export const ZWorkWeek = z.object({
  weekId: z.number(),
  year: z.number(),
  number: z.number(),
  startDate: z.string(),
  endDate: z.string(),
});
export type TWorkWeek = z.infer<typeof ZWorkWeek>;

const year = (message: string = MSG.required) =>
  z.coerce.number({ error: message }).int({ error: message }).min(2000, { error: 'Choose a year from 2000 to 2100' }).max(2100, {
    error: 'Choose a year from 2000 to 2100',
  });

export const ZYearQuery = z.object({ year: year() });
/** `year` absent: every week (GetWorkWeeks) or the current year (GetWorkWeekList). */
export const ZOptionalYearQuery = z.object({ year: year().optional() });
/**
 * The years work weeks may be generated for: from 2000 (a company entering its history) to two
 * years ahead (issue "Books you can trust"). The selects then offer every year that has weeks.
 */
export const WORK_WEEK_FIRST_YEAR = 2000;
export const WORK_WEEK_YEARS_AHEAD = 2;
export const lastWorkWeekYear = (today = new Date()) => today.getUTCFullYear() + WORK_WEEK_YEARS_AHEAD;
export const generateYearText = (today = new Date()) => `Choose a date from ${WORK_WEEK_FIRST_YEAR} to ${lastWorkWeekYear(today)}`;
export const canGenerateYear = (year: number, today = new Date()) => year >= WORK_WEEK_FIRST_YEAR && year <= lastWorkWeekYear(today);

/** GenerateWorkWeeks: the first week starts on `date`; weeks follow while they start in that date's year. */
export const ZGenerateWeeksQuery = z.object({
  date: requiredDate().refine((d) => canGenerateYear(Number(d.slice(0, 4))), { error: () => generateYearText() }),
});

/** What GenerateWorkWeeks would create from a date, and what a person should know before. */
export const ZWorkWeekPlan = z.object({
  year: z.number(),
  weeks: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  /** Plain sentences: days left in no week, another weekday than the company's weeks start on. */
  warnings: z.array(z.string()),
  /** Set when the weeks cannot be generated (they exist already, or overlap others). */
  refusal: z.string().nullable(),
});
export type TWorkWeekPlan = z.infer<typeof ZWorkWeekPlan>;

const systemAdmin = (level: 'Read' | 'Write') => onObject('SystemAdminPage', level);

export const workWeekRoutes = {
  getWorkWeeks: defineRoute({
    method: 'GET',
    path: '/api/General/GetWorkWeeks',
    summary: 'Work weeks of the active company (of one year when given)',
    tag: 'Work weeks',
    access: systemAdmin('Read'),
    query: ZOptionalYearQuery,
    response: z.array(ZWorkWeek),
    list: { cap: 1000, noun: 'work weeks', hint: 'Choose a year to see the rest.' },
  }),
  generateWorkWeeks: defineRoute({
    method: 'POST',
    path: '/api/General/GenerateWorkWeeks',
    summary: "Create the date's year of consecutive 7-day weeks starting on the date",
    tag: 'Work weeks',
    access: systemAdmin('Write'),
    query: ZGenerateWeeksQuery,
    response: ZTextReply,
  }),
  planWorkWeeks: defineRoute({
    method: 'GET',
    path: '/api/General/PlanWorkWeeks',
    summary: 'What GenerateWorkWeeks would create from the date, with warnings to confirm first',
    tag: 'Work weeks',
    access: systemAdmin('Read'),
    query: ZGenerateWeeksQuery,
    response: ZWorkWeekPlan,
  }),
  getWorkYears: defineRoute({
    method: 'GET',
    path: '/api/General/GetWorkYears',
    summary: 'The years the work-week selects offer: every year with weeks, this year and next year',
    tag: 'Work weeks',
    access: { kind: 'member' },
    response: z.array(z.number()),
    list: { fixed: true },
  }),
  deleteWorkWeeks: defineRoute({
    method: 'DELETE',
    path: '/api/General/DeleteWorkWeeks',
    summary: "Delete a year's work weeks while no load uses them",
    tag: 'Work weeks',
    access: systemAdmin('Write'),
    query: ZYearQuery,
    response: ZTextReply,
  }),
} as const;

/** 'MM/DD/YYYY', the spec's date display, for a calendar day 'YYYY-MM-DD'. */
export const usDate = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

/** 'Week 12 (03/16/2026 - 03/22/2026)', the label of the work-week lookup. */
export const weekLabel = (w: { number: number; startDate: string; endDate: string }) =>
  `Week ${w.number} (${usDate(w.startDate)} - ${usDate(w.endDate)})`;
