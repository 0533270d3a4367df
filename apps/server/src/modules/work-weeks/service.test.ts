import { describe, expect, it } from 'vitest';
import { planWeeks } from './service';

describe('planWeeks', () => {
  it('makes consecutive 7-day weeks from the date while they start in its year', () => {
    const plan = planWeeks('2030-01-07');
    expect(plan).toHaveLength(52);
    expect(plan[0]).toEqual({ year: 2030, number: 1, startDate: '2030-01-07', endDate: '2030-01-13' });
    expect(plan[51]).toEqual({ year: 2030, number: 52, startDate: '2030-12-30', endDate: '2031-01-05' });
    expect(planWeeks('2029-01-01')).toHaveLength(53);
    expect(planWeeks('2030-12-30')).toHaveLength(1);
  });
});
