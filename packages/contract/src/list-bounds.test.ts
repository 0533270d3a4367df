import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, isListReply, listCapText, type TRouteDef } from './route-def';
import { routesByDomain } from './routes';

type TTable = Record<string, Record<string, TRouteDef>>;

/** What is wrong with the list bounds of a route table: one line per route. */
function listBoundProblems(table: TTable): string[] {
  const problems: string[] = [];
  for (const [domain, routes] of Object.entries(table)) {
    for (const [key, def] of Object.entries(routes)) {
      const name = `${domain}.${key} (${def.method} ${def.path})`;
      const isList = isListReply(def.response);
      if (isList && !def.list) problems.push(`${name} answers a list but declares no bound (list: { cap } | { period } | { fixed } | { top })`);
      if (!isList && def.list) problems.push(`${name} declares a list bound but does not answer a list`);
      if (!def.list) continue;
      if ('cap' in def.list) {
        if (!Number.isInteger(def.list.cap) || def.list.cap < 1) problems.push(`${name} has a cap that is not a positive whole number`);
        if (!def.list.noun.trim()) problems.push(`${name} names no noun for its INFO text`);
        const paged = def.list.paged;
        if (paged !== undefined) {
          const twin = routes[paged];
          if (!twin) problems.push(`${name} names a paged twin '${paged}' that is not in ${domain}`);
          else if (isListReply(twin.response)) problems.push(`${name}: its paged twin '${paged}' answers a bare list, not a page`);
        }
      }
      if ('top' in def.list && (!Number.isInteger(def.list.top) || def.list.top < 1)) problems.push(`${name} has a top that is not a positive whole number`);
    }
  }
  return problems;
}

describe('every list answer is bounded', () => {
  it('every route of the contract that answers a list declares its bound', () => {
    expect(listBoundProblems(routesByDomain as unknown as TTable)).toEqual([]);
  });

  it('a new list route without a bound fails this suite', () => {
    const planted = {
      things: {
        getThings: defineRoute({ method: 'GET', path: '/api/Thing', summary: 'x', tag: 'x', access: { kind: 'member' }, response: z.array(z.string()) }),
        getMaybe: defineRoute({
          method: 'GET',
          path: '/api/Thing/Maybe',
          summary: 'x',
          tag: 'x',
          access: { kind: 'member' },
          response: z.union([z.array(z.string()), z.string()]),
        }),
        getPaged: defineRoute({
          method: 'GET',
          path: '/api/Thing/Paged',
          summary: 'x',
          tag: 'x',
          access: { kind: 'member' },
          response: z.array(z.string()),
          list: { cap: 10, noun: 'things', paged: 'getThingsPage' },
        }),
        getOne: defineRoute({
          method: 'GET',
          path: '/api/Thing/One',
          summary: 'x',
          tag: 'x',
          access: { kind: 'member' },
          response: z.object({ name: z.string() }),
          list: { fixed: true },
        }),
      },
    };
    expect(listBoundProblems(planted)).toEqual([
      'things.getThings (GET /api/Thing) answers a list but declares no bound (list: { cap } | { period } | { fixed } | { top })',
      'things.getMaybe (GET /api/Thing/Maybe) answers a list but declares no bound (list: { cap } | { period } | { fixed } | { top })',
      "things.getPaged (GET /api/Thing/Paged) names a paged twin 'getThingsPage' that is not in things",
      'things.getOne (GET /api/Thing/One) declares a list bound but does not answer a list',
    ]);
  });
});

describe('the INFO text of a capped list', () => {
  it('gives the shown and the selected count and what to do, naming the paged twin by its route', () => {
    expect(listCapText({ cap: 1000, noun: 'loads', newest: true }, 8950, '/api/Load/GetLoadHistoryPage')).toBe(
      'INFO Showing the newest 1,000 of 8,950 loads. Narrow the filter, or page through them with GetLoadHistoryPage.',
    );
    expect(listCapText({ cap: 5000, noun: 'brokers' }, 5001)).toBe('INFO Showing the first 5,000 of 5,001 brokers. The rest are not listed.');
    expect(listCapText({ cap: 200, noun: 'imports', newest: true, hint: 'Older imports are not listed.' }, 250)).toBe(
      'INFO Showing the newest 200 of 250 imports. Older imports are not listed.',
    );
  });
});
