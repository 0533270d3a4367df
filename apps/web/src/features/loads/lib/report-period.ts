import type { TBoardFilter } from './board-search';
import type { TWeekInfo } from './lookup-labels';

const mdy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * The period a board filter covers, for the export's file name ('2026 Week 47') and the printed
 * report's heading ('2026 Week 47' with '11/16/2026 – 11/22/2026').
 */
export function reportPeriod(filter: TBoardFilter, week: TWeekInfo | null): { name: string; dates: string } {
  if (filter.weekId && week) {
    return { name: `${filter.year ?? week.startDate.slice(0, 4)} Week ${week.number}`, dates: `${mdy(week.startDate)} – ${mdy(week.endDate)}` };
  }
  if (filter.startDate || filter.endDate) {
    const from = filter.startDate ? mdy(filter.startDate) : 'start';
    const to = filter.endDate ? mdy(filter.endDate) : 'today';
    // File names cannot hold '/': the name uses ISO days.
    return { name: `${filter.startDate || 'start'} to ${filter.endDate || 'today'}`, dates: `${from} – ${to}` };
  }
  if (filter.loadNumber) return { name: `Load ${filter.loadNumber}`, dates: '' };
  return { name: 'All loads', dates: '' };
}
