import { routesByDomain, type TRouteDef } from '@haulboard/contract';
import type { z } from 'zod';

/** Every route of the contract, for the suites that must cover each one (fuzz, tenancy, access). */
export type TWalkedRoute = { key: string; domain: string; def: TRouteDef };

export function contractRoutes(): TWalkedRoute[] {
  return Object.entries(routesByDomain).flatMap(([domain, routes]) =>
    Object.entries(routes as Record<string, TRouteDef>).map(([key, def]) => ({ key: `${domain}.${key}`, domain, def })),
  );
}

/** The field names of a body or query schema (through optional, nullable and pipe wrappers). */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  let s: any = schema;
  for (let i = 0; s && !s.shape && i < 10; i++) s = s.unwrap?.() ?? s.def?.innerType ?? s.def?.in ?? s.def?.schema;
  return s?.shape ? Object.keys(s.shape) : [];
}

export const isMutation = (def: TRouteDef) => def.method !== 'GET';
