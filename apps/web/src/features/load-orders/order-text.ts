import { ORDER_ACTIONS, type TLoadOrder, type TLocation, type TOrderState } from '@haulboard/contract';
import { formatDateTime } from '../../lib/format';

/** Spec §9: 0 is shown as Any (stops, distances). */
export const anyOr = (value: number, unit = '') => (value ? `${value}${unit}` : 'Any');

export const actionName = (type: number) => ORDER_ACTIONS[type as keyof typeof ORDER_ACTIONS] ?? `Action ${type}`;

export const places = (list: TLocation[]) => (list.length ? list.map((l) => l.label).join(' · ') : 'Anywhere');

/** 'Sam Carter' or 'Sam Carter & Maria Lopez' for a team. */
export const driversOf = (o: Pick<TLoadOrder, 'driver1Name' | 'driver2Name'>) => (o.driver2Name ? `${o.driver1Name} & ${o.driver2Name}` : o.driver1Name);

export const STATE_VIEW: Record<TOrderState, { label: string; color: 'default' | 'info' | 'success' | 'warning' | 'error' }> = {
  searching: { label: 'Searching', color: 'info' },
  paused: { label: 'Paused', color: 'warning' },
  booking: { label: 'Booking', color: 'info' },
  booked: { label: 'Booked', color: 'success' },
  alerted: { label: 'Alerted', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'default' },
  expired: { label: 'Expired', color: 'default' },
};

/** '12 s ago', '3 min ago', or the date and time for anything older than an hour. */
export function sinceText(iso: string, now = Date.now()) {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return formatDateTime(iso);
}

/** How far the engine got: the last search, how many searches and matches; or that none ran yet. */
export function progressText(o: Pick<TLoadOrder, 'lastSearchOn' | 'searches' | 'matchesSeen'>, now = Date.now()) {
  if (!o.lastSearchOn && !o.searches) return 'No search yet';
  const searches = `${o.searches.toLocaleString('en-US')} ${o.searches === 1 ? 'search' : 'searches'}`;
  const matches = `${o.matchesSeen.toLocaleString('en-US')} ${o.matchesSeen === 1 ? 'match' : 'matches'}`;
  return `${o.lastSearchOn ? `Last search ${sinceText(o.lastSearchOn, now)} · ` : ''}${searches} · ${matches}`;
}

/** The filters in one line: rate, payout, stops, loading, distances. */
export function filterText(o: Pick<TLoadOrder, 'ppm' | 'payout' | 'numberOfStops' | 'loadingType' | 'minDistance' | 'maxDistance' | 'workType'>) {
  const parts = [`$${o.ppm.toFixed(2)}/mi`];
  if (o.payout) parts.push(`min $${o.payout.toLocaleString('en-US')}`);
  parts.push(`stops ${anyOr(o.numberOfStops)}`);
  if (o.minDistance || o.maxDistance) parts.push(`${anyOr(o.minDistance)}–${anyOr(o.maxDistance)} mi`);
  if (o.loadingType !== 'Any') parts.push(o.loadingType);
  if (o.workType !== 'Any') parts.push(o.workType === 'ONE_WAY' ? 'One way' : 'Round trip');
  return parts.join(' · ');
}
