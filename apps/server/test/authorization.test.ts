import { accessObjects, DEFAULT_PERMISSION_MATRIX, isAccessSufficient, ROLE, type TRoleId, type TRouteAccess } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/access/guard';
import { createSession } from '../src/auth/sessions';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { contractRoutes } from './route-walk';

/**
 * The authorization matrix: every route of the contract × every kind of caller (anonymous, an
 * applicant without a role, a deactivated member, and each role with the default permissions)
 * against the access the route declares. The guard runs before validation, so an empty request
 * tells: 401 or 403 means refused, anything else means the guard let it through. Routes added
 * later are walked the same way.
 */

type TCaller = { name: string; roleId: TRoleId | null; signedIn: boolean; member: boolean; userId?: () => number };

let t: TTestApp;
let deactivatedId = 0;
const CALLERS: TCaller[] = [
  { name: 'anonymous', roleId: null, signedIn: false, member: false },
  { name: 'applicant', roleId: null, signedIn: true, member: false, userId: () => t.ids.users[EMAIL.applicant] },
  { name: 'deactivated driver', roleId: null, signedIn: true, member: false, userId: () => deactivatedId },
  { name: 'administrator', roleId: ROLE.Administrator, signedIn: true, member: true, userId: () => t.ids.users[EMAIL.admin] },
  { name: 'dispatcher', roleId: ROLE.Dispatcher, signedIn: true, member: true, userId: () => t.ids.users[EMAIL.dispatcher] },
  { name: 'driver', roleId: ROLE.Driver, signedIn: true, member: true, userId: () => t.ids.users[EMAIL.driver] },
];

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS, env: { API_RATE_LIMIT: '0' } });
  const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
  const [user] = rowsOf(await t.db.execute(sql`insert into users (email, first_name) values ('gone@demo.haulboard.test', 'Gone') returning id`));
  deactivatedId = user.id;
  await t.db.execute(sql`insert into user_companies (user_id, company_id, is_active) values (${user.id}, ${t.ids.companies.demo}, false)`);
  await t.db.execute(sql`insert into user_roles (user_id, company_id, role_id) values (${user.id}, ${t.ids.companies.demo}, ${ROLE.Driver})`);
});
afterAll(() => t.close());

function expectedAllowed(access: TRouteAccess, caller: TCaller) {
  switch (access.kind) {
    case 'public':
      return true;
    case 'signedIn':
      return caller.signedIn;
    case 'member':
      return caller.member;
    case 'object': {
      if (!caller.member || !caller.roleId) return false;
      return isAccessSufficient(access.level, DEFAULT_PERMISSION_MATRIX[caller.roleId][access.object]?.accessType);
    }
    case 'anyObject':
    case 'perKind': {
      const roleId = caller.roleId;
      if (!caller.member || !roleId) return false;
      return accessObjects(access).some((o) => isAccessSufficient(access.level, DEFAULT_PERMISSION_MATRIX[roleId][o]?.accessType));
    }
  }
}

describe('authorization matrix: each route × caller against its declared access', () => {
  for (const { key, def } of contractRoutes()) {
    it(`${def.method} ${def.path} (${key})`, async () => {
      const wrong: string[] = [];
      for (const caller of CALLERS) {
        // A session of its own for each call: logging out must not end the next caller's session.
        const cookie = caller.userId ? `${SESSION_COOKIE}=${await createSession(t.db, caller.userId(), null)}` : undefined;
        const res = await t.app.inject({
          method: def.method,
          url: def.path,
          headers: cookie ? { cookie } : {},
          ...(def.method === 'GET' || !def.body ? {} : { payload: {} }),
        });
        const refused = res.statusCode === 401 || res.statusCode === 403;
        const allowed = expectedAllowed(def.access, caller);
        if (allowed === refused) wrong.push(`${caller.name}: expected ${allowed ? 'through' : 'refused'}, got ${res.statusCode}`);
        if (!caller.signedIn && refused) expect(res.statusCode).toBe(401);
      }
      expect(wrong).toEqual([]);
    });
  }
});
