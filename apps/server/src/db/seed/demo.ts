import { ROLE } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import type { TDbLike } from '../client';
import { companies, userCompanies, userRoles, users } from '../schema';

export const DEMO_COMPANIES = { demo: 'Demo Freight LLC', second: 'Second Haul Inc' } as const;

type TDemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  member: { company: keyof typeof DEMO_COMPANIES; roles: number[]; unit?: string; serviceFee?: string }[];
};

export const DEMO_USERS: TDemoUser[] = [
  {
    email: 'admin@demo.haulboard.test',
    firstName: 'Alex',
    lastName: 'Morgan',
    phone: '5125550100',
    member: [
      { company: 'demo', roles: [ROLE.Administrator] },
      { company: 'second', roles: [ROLE.Administrator] },
    ],
  },
  {
    email: 'dispatcher@demo.haulboard.test',
    firstName: 'Dana',
    lastName: 'Reyes',
    phone: '5125550101',
    member: [{ company: 'demo', roles: [ROLE.Dispatcher] }],
  },
  {
    email: 'driver@demo.haulboard.test',
    firstName: 'Sam',
    lastName: 'Carter',
    phone: '5125550102',
    member: [{ company: 'demo', roles: [ROLE.Driver], unit: '101', serviceFee: '150.00' }],
  },
  {
    email: 'applicant@demo.haulboard.test',
    firstName: 'Jamie',
    lastName: 'Lee',
    phone: '5125550103',
    member: [{ company: 'demo', roles: [] }],
  },
  {
    email: 'admin@second.haulboard.test',
    firstName: 'Taylor',
    lastName: 'Brooks',
    phone: '2145550100',
    member: [{ company: 'second', roles: [ROLE.Administrator] }],
  },
];

/** The accounts printed at start-up. */
export const DEMO_ACCOUNTS = [
  ['admin@demo.haulboard.test', 'Administrator of both companies'],
  ['dispatcher@demo.haulboard.test', 'Dispatcher, Demo Freight'],
  ['driver@demo.haulboard.test', 'Driver, Demo Freight, unit 101'],
  ['applicant@demo.haulboard.test', 'Registered with Demo Freight, waiting for approval'],
  ['admin@second.haulboard.test', 'Administrator of Second Haul only'],
] as const;

export type TDemoIds = { companies: Record<keyof typeof DEMO_COMPANIES, number>; users: Record<string, number> };

/** A demo step adds one domain's rows; later features add theirs to DEMO_STEPS. */
export type TDemoStep = (db: TDbLike, ids: TDemoIds) => Promise<void>;

async function seedPeople(db: TDbLike): Promise<TDemoIds> {
  const ids: TDemoIds = { companies: {} as TDemoIds['companies'], users: {} };
  for (const [key, name] of Object.entries(DEMO_COMPANIES)) {
    const [row] = await db.insert(companies).values({ name }).returning();
    ids.companies[key as keyof typeof DEMO_COMPANIES] = row.id;
  }
  for (const u of DEMO_USERS) {
    const [row] = await db
      .insert(users)
      .values({ email: u.email, firstName: u.firstName, lastName: u.lastName, phoneNumber: u.phone, displayName: `${u.firstName} ${u.lastName}` })
      .returning();
    ids.users[u.email] = row.id;
    for (const m of u.member) {
      const companyId = ids.companies[m.company];
      await db.insert(userCompanies).values({ userId: row.id, companyId, unitNumber: m.unit ?? null, serviceFee: m.serviceFee ?? '0' });
      if (m.roles.length) await db.insert(userRoles).values(m.roles.map((roleId) => ({ userId: row.id, companyId, roleId })));
    }
  }
  return ids;
}

export const DEMO_STEPS: TDemoStep[] = [];

/** Seeds the demo into an empty database; does nothing when any company exists. */
export async function seedDemo(db: TDbLike, steps: TDemoStep[] = DEMO_STEPS): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(companies);
  if (count > 0) return false;
  const ids = await seedPeople(db);
  for (const step of steps) await step(db, ids);
  return true;
}
