import type { TWorkWeekPlan } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { planStep } from './work-weeks-tab';

const plan = (extra: Partial<TWorkWeekPlan> = {}): TWorkWeekPlan => ({
  year: 2027,
  weeks: 52,
  startDate: '2027-01-04',
  endDate: '2028-01-02',
  warnings: [],
  refusal: null,
  ...extra,
});

const GAP = '2 days between Week 52 (12/28/2026 - 01/03/2027) of 2026 and the new first week (01/04/2027 - 01/05/2027) would be in no work week: loads, expenses and fuel on those days would have no week.';
const WEEKDAY = 'Your work weeks start on Mondays; 01/06/2027 is a Wednesday.';

describe('generating work weeks follows the server’s plan (issue 8 #4)', () => {
  it('generates at once when the weeks follow on', () => {
    expect(planStep(plan())).toEqual({ kind: 'generate' });
  });
  it('asks first about days left in no week and another weekday, all warnings in one question', () => {
    expect(planStep(plan({ warnings: [GAP, WEEKDAY] }))).toEqual({ kind: 'ask', text: `${GAP} ${WEEKDAY}` });
  });
  it('sends nothing the server would refuse, warnings or not', () => {
    const refusal = 'Work weeks can only be generated for 2026 or 2027, the years the pages offer; 2028 is not one of them.';
    expect(planStep(plan({ refusal, warnings: [WEEKDAY] }))).toEqual({ kind: 'refused', text: refusal });
  });
});
