import type { TWorkWeek } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { generationWarning } from './work-weeks-tab';

const week = (year: number, number: number, startDate: string, endDate: string): TWorkWeek => ({ weekId: number, year, number, startDate, endDate }) as TWorkWeek;
const y2025 = [week(2025, 1, '2024-12-30', '2025-01-05'), week(2025, 52, '2025-12-22', '2025-12-28')];

describe('generating work weeks asks first when they would not follow on', () => {
  it('says nothing when week 1 starts the day after the last week', () => {
    expect(generationWarning('2025-12-29', y2025, y2025)).toBeNull();
  });
  it('names the days a later start leaves in no week', () => {
    expect(generationWarning('2026-01-05', y2025, y2025)).toBe('The weeks of 2026 would leave 12/29/2025 to 01/04/2026 in no week.');
  });
  it('names an overlap with the last week', () => {
    expect(generationWarning('2025-12-24', y2025, y2025)).toMatch(/inside the last week of 2025/);
  });
  it('without an earlier year: a mid-year start, or another weekday than the company’s weeks', () => {
    expect(generationWarning('2021-03-02', [], [])).toMatch(/01\/01\/2021 to 03\/01\/2021 in no week/);
    expect(generationWarning('2027-01-05', [], y2025)).toBe("The company's weeks start on Monday; 01/05/2027 is a Tuesday.");
    expect(generationWarning('2027-01-04', [], y2025)).toBeNull();
  });
});
