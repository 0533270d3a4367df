import type { TLoad, TLookupItem } from '@haulboard/contract';
import { splitCents, toCents } from '@haulboard/contract';

export type TReportLine = {
  load: TLoad;
  /** The driver's share of the payout (a team load is split evenly, the odd cent to the first driver). */
  shareCents: number;
  /** The other driver of a team load. */
  teammate: string | null;
};

export type TDriverGroup = { key: string; driver: string; lines: TReportLine[]; miles: number; payoutCents: number };

export type TWeeklyReport = { groups: TDriverGroup[]; loadCount: number; miles: number; payoutCents: number };

const byName = new Intl.Collator('en-US', { numeric: true });
/** Miles are tenths at most: summed in tenths so no float error creeps in. */
const tenths = (miles: number) => Math.round(miles * 10);

/**
 * The printable weekly report: loads grouped by driver (by unit and name as the company lists its
 * drivers), each with its subtotal, and a grand total over the distinct loads. A load without a
 * driver is grouped under 'No driver'.
 */
export function buildWeeklyReport(loads: readonly TLoad[], drivers: readonly TLookupItem[]): TWeeklyReport {
  const labelOf = new Map(drivers.map((d) => [Number(d.value), d.label]));
  const groups = new Map<string, TDriverGroup>();
  const groupFor = (key: string, driver: string) => {
    let g = groups.get(key);
    if (!g) {
      g = { key, driver, lines: [], miles: 0, payoutCents: 0 };
      groups.set(key, g);
    }
    return g;
  };

  let milesTenths = 0;
  let payoutCents = 0;
  const groupTenths = new Map<string, number>();
  for (const load of loads) {
    const cents = toCents(load.payout) ?? 0;
    milesTenths += tenths(load.tripLength);
    payoutCents += cents;
    const names = load.loadDriverNames ? load.loadDriverNames.split(', ') : [];
    const nameOf = (i: number) => labelOf.get(load.loadDrivers[i]) ?? names[i] ?? `Driver ${load.loadDrivers[i]}`;
    if (!load.loadDrivers.length) {
      const g = groupFor('none', 'No driver');
      g.lines.push({ load, shareCents: cents, teammate: null });
      groupTenths.set('none', (groupTenths.get('none') ?? 0) + tenths(load.tripLength));
      continue;
    }
    const shares = splitCents(cents, load.loadDrivers.length);
    load.loadDrivers.forEach((driverId, i) => {
      const key = `d${driverId}`;
      const g = groupFor(key, nameOf(i));
      const others = load.loadDrivers.map((_, j) => j).filter((j) => j !== i);
      g.lines.push({ load, shareCents: shares[i], teammate: others.length ? others.map(nameOf).join(', ') : null });
      groupTenths.set(key, (groupTenths.get(key) ?? 0) + tenths(load.tripLength));
    });
  }

  const list = [...groups.values()];
  for (const g of list) {
    g.payoutCents = g.lines.reduce((sum, l) => sum + l.shareCents, 0);
    g.miles = (groupTenths.get(g.key) ?? 0) / 10;
    g.lines.sort((a, b) => a.load.loadStartDate.localeCompare(b.load.loadStartDate) || byName.compare(a.load.loadNumber, b.load.loadNumber));
  }
  list.sort((a, b) => (a.key === 'none' ? 1 : b.key === 'none' ? -1 : byName.compare(a.driver, b.driver)));
  return { groups: list, loadCount: loads.length, miles: milesTenths / 10, payoutCents };
}
