/** Import layouts: a carrier's own loads spreadsheet, read through the company's column mapping. */

import { parseDateTime, parseMoney, parseQuantity, parseTime } from '../values';
import { ROW_TEXT, type TLoadRecord, type TOutcome, type TRow } from './types';

/** A date cell with an optional separate time cell: local date-time text and its offset, null when blank, undefined when unreadable. */
function momentOf(row: TRow, dateField: string, timeField: string): { at: string; offset: string | null } | null | undefined {
  const dateText = row.field(dateField).trim();
  if (!dateText) return null;
  const dt = parseDateTime(dateText);
  if (!dt) return undefined;
  const timeText = row.field(timeField).trim();
  const time = timeText ? parseTime(timeText) : dt.time;
  if (timeText && !time) return undefined;
  return { at: time ? `${dt.date}T${time}` : dt.date, offset: dt.offset };
}

/** One row of a loads sheet as a load: a load number and a start date at least; blank optional cells stay blank. */
export function readLoad(row: TRow): TOutcome<TLoadRecord> {
  const f = (name: string) => row.field(name).trim();
  const loadNumber = f('loadNumber');
  if (!loadNumber) return { refuse: ROW_TEXT.missing('load number') };
  const start = momentOf(row, 'startDate', 'startTime');
  if (!start) return { refuse: start === null ? ROW_TEXT.notDate('') : ROW_TEXT.notDate([f('startDate'), f('startTime')].filter(Boolean).join(' ')) };
  const end = momentOf(row, 'endDate', 'endTime');
  if (end === undefined) return { refuse: ROW_TEXT.notDate([f('endDate'), f('endTime')].filter(Boolean).join(' ')) };
  const miles = f('miles') ? parseQuantity(f('miles')) : null;
  if (f('miles') && miles === null) return { refuse: ROW_TEXT.notNumber('miles', f('miles')) };
  const payout = f('payout') ? parseMoney(f('payout')) : null;
  if (f('payout') && payout === null) return { refuse: ROW_TEXT.notAmount('payout', f('payout')) };
  const stopsText = f('stops');
  const stops = stopsText ? Number(stopsText.replace(/\.0+$/, '')) : null;
  if (stopsText && !(Number.isInteger(stops) && (stops as number) >= 1 && (stops as number) <= 99)) return { refuse: ROW_TEXT.notStops(stopsText) };
  return {
    record: {
      kind: 'loads',
      loadNumber,
      start: start.at,
      end: end?.at ?? null,
      startOffset: start.offset,
      endOffset: end?.offset ?? null,
      originCity: f('originCity'),
      originState: f('originState'),
      destinationCity: f('destinationCity'),
      destinationState: f('destinationState'),
      miles,
      stops,
      payout,
      driver: f('driver'),
      broker: f('broker'),
    },
  };
}
