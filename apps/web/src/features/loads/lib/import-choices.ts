import type { TImportBrokerChoice, TImportDriverChoice, TImportedLoad, TImportNewBroker } from '@haulboard/contract';

/**
 * Load Import's choices for the brokers and drivers a file names that matched none (pure). One
 * choice per distinct name (compared as the server does: trimmed, spacing and case ignored).
 */

/** An existing broker, or one to create with the import. */
export type TBrokerPick = { brokerId: number } | { create: TImportNewBroker };
/** An existing driver, or none (null). */
export type TDriverPick = number | null;
export type TImportPicks = { brokers: Record<string, TBrokerPick>; drivers: Record<string, TDriverPick> };
export const NO_PICKS: TImportPicks = { brokers: {}, drivers: {} };

export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The row has no broker (none matched and none was chosen in its dialog). The board's own trips name
 * the board, added on save when the company does not have it yet (BOARD_BROKER_ID): nothing to choose.
 */
export const needsBroker = (l: TImportedLoad) => !l.brokerId && l.brokerMatch !== 'board';
/** The file names a driver nobody matched, and none was chosen in its dialog. */
export const needsDriver = (l: TImportedLoad) => l.needs.includes('driver') && !l.loadDrivers.length;

/** A name the file gave that matched none: as first written, with its loads. */
export type TUnmatched = { key: string; name: string; loadNumbers: string[] };

function groups(loads: readonly TImportedLoad[], pick: (l: TImportedLoad) => string | null): TUnmatched[] {
  const by = new Map<string, TUnmatched>();
  for (const l of loads) {
    const name = pick(l);
    if (name === null) continue;
    const key = nameKey(name);
    const group = by.get(key) ?? { key, name: name.trim(), loadNumbers: [] };
    group.loadNumbers.push(l.loadNumber);
    by.set(key, group);
  }
  return [...by.values()];
}

/** The broker and driver names that need a choice, each with its loads. */
export const unmatchedOf = (loads: readonly TImportedLoad[]) => ({
  brokers: groups(loads, (l) => (needsBroker(l) ? l.brokerRead : null)),
  drivers: groups(loads, (l) => (needsDriver(l) ? l.driverRead : null)),
});

/** What still needs a choice: one line per row and need ('XL-2004 needs a broker'). */
export function unresolvedOf(loads: readonly TImportedLoad[], picks: TImportPicks): string[] {
  const out: string[] = [];
  for (const l of loads) {
    if (needsBroker(l) && !picks.brokers[nameKey(l.brokerRead)]) out.push(`${l.loadNumber} needs a broker`);
    if (needsDriver(l) && !(nameKey(l.driverRead) in picks.drivers)) out.push(`${l.loadNumber} needs a driver`);
  }
  return out;
}

/** The choices SaveImportedLoads takes, for the names still in the list. */
export function choicesOf(loads: readonly TImportedLoad[], picks: TImportPicks): { brokers: TImportBrokerChoice[]; drivers: TImportDriverChoice[] } {
  const { brokers, drivers } = unmatchedOf(loads);
  return {
    brokers: brokers.flatMap((g) => {
      const pick = picks.brokers[g.key];
      if (!pick) return [];
      return ['brokerId' in pick ? { name: g.name, brokerId: pick.brokerId } : { name: g.name, create: pick.create }];
    }),
    drivers: drivers.flatMap((g) => (g.key in picks.drivers ? [{ name: g.name, driverId: picks.drivers[g.key] }] : [])),
  };
}
