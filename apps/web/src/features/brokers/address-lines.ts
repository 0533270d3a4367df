import type { TBroker } from '@haulboard/contract';

/**
 * The server's full address ('101 E Kennedy Blvd, Tampa, FL 33602') as two lines, street then
 * 'Tampa, FL 33602', so the table can show it in a narrow column. A full address that does not
 * start with the street stays on one line.
 */
export function addressLines(broker: Pick<TBroker, 'brokerAddress' | 'fullAddress'>): [string, string] {
  const street = broker.brokerAddress.trim();
  const full = broker.fullAddress.trim();
  const prefix = `${street}, `;
  if (street && full.startsWith(prefix)) return [street, full.slice(prefix.length)];
  return [full, ''];
}
