import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInfrastructureRoute } from '../src/access/guard';
import { routeTableOf } from '../src/lib/route-table';
import { createTestApp, type TTestApp } from './helpers';

/**
 * Every API route and the access it declares, as one table kept in route-access.snap.txt: a new
 * route, or a changed permission, shows up in review as a change to that file. After a deliberate
 * change run `npx vitest run --project server -u apps/server/test/route-access.test.ts`.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A per-kind route lists each kind's page at the level, and where the kind is read. */
const perKind = (a: any) => `per kind (${a.from}): ${Object.entries(a.pages).map(([kind, page]) => `${kind} ${page}`).join(', ')} ${a.level}`;

const describeAccess = (a: any) =>
  !a ? 'NONE' : a.kind === 'object' ? `${a.object} ${a.level}` : a.kind === 'anyObject' ? `any of ${a.objects.join(', ')} ${a.level}` : a.kind === 'perKind' ? perKind(a) : a.kind;

describe('route access declarations', () => {
  const apiRoutes = () =>
    routeTableOf(t.app)
      .filter((r) => r.method !== 'HEAD' && !isInfrastructureRoute(r.url))
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));

  it('finds the routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(30);
  });

  it('declares access on every API route', () => {
    const undeclared = apiRoutes().filter((r) => !r.access);
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('matches the reviewed table of method, path and access', async () => {
    const table = apiRoutes()
      .map((r) => `${r.method.padEnd(7)} ${r.url.padEnd(44)} ${describeAccess(r.access)}`)
      .join('\n');
    console.log(`\n${table}\n`);
    await expect(`${table}\n`).toMatchFileSnapshot('./route-access.snap.txt');
  });
});
