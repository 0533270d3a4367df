import type { TImportedLoad } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { choicesOf, NO_PICKS, unmatchedOf, unresolvedOf } from './import-choices';

const row = (loadNumber: string, over: Partial<TImportedLoad>) => ({ loadNumber, brokerId: 3, brokerRead: 'Blue Ridge', loadDrivers: [7], driverRead: 'Sam', needs: [], ...over }) as TImportedLoad;
const LOADS = [
  row('A', {}),
  row('B', { brokerId: 0, brokerRead: 'Acme Freight', needs: ['broker', 'driver'], loadDrivers: [], driverRead: 'Bob' }),
  row('C', { brokerId: 0, brokerRead: ' acme  FREIGHT ', needs: ['broker'] }),
  // Chosen in its own dialog: no longer waiting.
  row('D', { brokerId: 5, brokerRead: 'Zed', needs: ['broker', 'driver'], loadDrivers: [8], driverRead: 'Bob' }),
];

describe('the choices for the names a file gave that matched none', () => {
  it('groups the rows per name as the server compares names, and leaves rows chosen in their dialog out', () => {
    expect(unmatchedOf(LOADS)).toEqual({
      brokers: [{ key: 'acme freight', name: 'Acme Freight', loadNumbers: ['B', 'C'] }],
      drivers: [{ key: 'bob', name: 'Bob', loadNumbers: ['B'] }],
    });
  });

  it('names what still waits, and sends one choice per name; "no driver" is a choice', () => {
    expect(unresolvedOf(LOADS, NO_PICKS)).toEqual(['B needs a broker', 'B needs a driver', 'C needs a broker']);
    const picks = { brokers: { 'acme freight': { brokerId: 9 } }, drivers: { bob: null } };
    expect(unresolvedOf(LOADS, picks)).toEqual([]);
    expect(choicesOf(LOADS, picks)).toEqual({ brokers: [{ name: 'Acme Freight', brokerId: 9 }], drivers: [{ name: 'Bob', driverId: null }] });
  });
});
