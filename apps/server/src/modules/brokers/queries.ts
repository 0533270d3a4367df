import type { TBroker } from '@haulboard/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { TDbLike } from '../../db/client';
import { brokers, loads, states } from '../../db/schema';
import { isoOf } from '../../lib/rows';

/** Brokers of a company, active and inactive, by name, at most `limit` of them. */
export async function findBrokers(db: TDbLike, companyId: number, limit: number): Promise<TBroker[]> {
  const rows = await db
    .select({
      broker: brokers,
      stateName: states.name,
      stateCode: states.code,
      updatedOn: isoOf(brokers.updatedOn),
      hasLoads: sql<boolean>`exists (select 1 from ${loads} where ${loads.companyId} = ${brokers.companyId} and ${loads.brokerId} = ${brokers.id})`,
    })
    .from(brokers)
    .innerJoin(states, eq(states.id, brokers.stateId))
    .where(eq(brokers.companyId, companyId))
    .orderBy(asc(sql`lower(${brokers.name})`), asc(brokers.id))
    .limit(limit);
  return rows.map(({ broker: b, stateName, stateCode, updatedOn, hasLoads }) => ({
    brokerId: b.id,
    brokerName: b.name,
    brokerAddress: b.address,
    brokerCity: b.city,
    brokerStateId: b.stateId,
    brokerStateName: stateName,
    brokerZipCode: b.zipCode,
    phoneNumber: b.phoneNumber,
    email: b.email,
    mcNumber: b.mcNumber,
    dotNumber: b.dotNumber,
    comments: b.comments,
    isActive: b.isActive,
    fullAddress: `${b.address}, ${b.city}, ${stateCode} ${b.zipCode}`,
    hasLoads: !!hasLoads,
    updatedOn,
  }));
}
