import { describe, expect, it } from 'vitest';
import { driverUnit, readWeek, weekOn } from './lookup-labels';

const weeks = [
  { label: 'Week 46 (11/09/2026 - 11/15/2026)', value: 46 },
  { label: 'Week 47 (11/16/2026 - 11/22/2026)', value: 47 },
];

describe('work week labels', () => {
  it('reads number and dates', () => {
    expect(readWeek(weeks[1])).toEqual({ weekId: 47, number: 47, startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(readWeek({ label: 'Something else', value: 3 })).toBeNull();
  });

  it('finds the week holding a day, both ends included', () => {
    expect(weekOn(weeks, new Date(2026, 10, 22, 23, 0))?.weekId).toBe(47);
    expect(weekOn(weeks, new Date(2026, 10, 9))?.weekId).toBe(46);
    expect(weekOn(weeks, new Date(2026, 10, 23))).toBeNull();
  });
});

describe('driverUnit', () => {
  it('reads the unit before the name', () => {
    expect(driverUnit('101 - Sam Carter')).toBe('101');
    expect(driverUnit('T-7 - Lee Park')).toBe('T-7');
  });

  it('answers null for a name without a unit', () => {
    expect(driverUnit('Sam Carter')).toBeNull();
    expect(driverUnit('Mary-Jane Watts')).toBeNull();
  });
});

describe('structured lookup items', () => {
  it('takes the unit and the week dates from their own fields when the server sends them', () => {
    expect(driverUnit({ label: 'Sam Carter', value: 5, unitNumber: '101' } as any)).toBe('101');
    expect(driverUnit({ label: '101 - Sam Carter', value: 5, unitNumber: null } as any)).toBeNull();
    expect(readWeek({ label: 'Week 2', value: 9, year: 2026, number: 2, startDate: '2026-01-12', endDate: '2026-01-18' } as any)).toEqual({
      weekId: 9,
      number: 2,
      startDate: '2026-01-12',
      endDate: '2026-01-18',
    });
  });
});
