import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TDbLike } from '../db/client';
import { companies, companyCookies, companySettings } from '../db/schema';
import { DEMO_COMPANIES } from '../db/seed/demo';
import { demoBoardPlan } from './demo-history';
import type { TVault } from './vault';

/**
 * The demo's load board: the simulator mounted inside this server under DEMO_BOARD_PREFIX, so a
 * new user sees load search, Refresh Cookies and the search dashboard work without an account
 * anywhere. Only in demo mode and never in production (main.ts decides; this refuses too).
 */
export const DEMO_BOARD_PREFIX = '/demo-board';

export async function mountDemoBoard(app: FastifyInstance, { production, db }: { production: boolean; db?: TDbLike }) {
  if (production) throw new Error('The simulated load board is never mounted in production');
  const { mountSim } = await import('@haulboard/loadboard-sim');
  // The board's trips and payments are Demo Freight's own loads, with a few differences planted (demo-history.ts).
  const history = db ? (await demoBoardPlan(db)).history : [];
  return mountSim(app, {
    prefix: DEMO_BOARD_PREFIX,
    seed: 'haulboard-demo',
    random503Rate: 0,
    rateLimit: { capacity: 60, refillPerSecond: 10 },
    ...(history.length ? { history } : {}),
  });
}

/**
 * Points Demo Freight at the mounted board (unless someone set another address) and stores the
 * simulator's session for it, sealed, when the company has none. Runs at every demo start, so
 * the address follows the port the server listens on.
 */
export async function connectDemoCompany(db: TDbLike, vault: TVault, publicUrl: string) {
  const { DEMO_CREDENTIALS } = await import('@haulboard/loadboard-sim');
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_COMPANIES.demo));
  if (!company) return false;
  const url = `${publicUrl.replace(/\/+$/, '')}${DEMO_BOARD_PREFIX}`;
  const [settings] = await db.select().from(companySettings).where(eq(companySettings.companyId, company.id));
  const current = settings?.serviceUrl?.trim() ?? '';
  if (!current || current.endsWith(DEMO_BOARD_PREFIX)) {
    await db
      .insert(companySettings)
      .values({ companyId: company.id, serviceUrl: url })
      .onConflictDoUpdate({ target: companySettings.companyId, set: { serviceUrl: url } });
  }
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(companyCookies)
    .where(and(eq(companyCookies.companyId, company.id)));
  if (!count) {
    await db.insert(companyCookies).values({
      companyId: company.id,
      cookieSealed: vault.seal(DEMO_CREDENTIALS.cookie),
      csrfTokenSealed: vault.seal(DEMO_CREDENTIALS.csrfToken),
      cookieSource: 'Demo load board (simulated)',
      status: 'working',
      isInUse: true,
    });
  }
  return true;
}
