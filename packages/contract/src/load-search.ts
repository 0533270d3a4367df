import { z } from 'zod';
import { requiredId } from './fields';
import { MSG } from './messages';
import { defineRoute, onObject, ZTextReply } from './route-def';

/** Spec §2 relay/loadsearch: the board's available work for pickups in a week from a city. */

export const LOAD_SEARCH_RADII = [25, 50, 75, 100, 150, 200] as const;
/** Most rows one search answers (the board is paged 50 at a time underneath). */
export const LOAD_SEARCH_LIMIT = 500;

export const LOAD_SEARCH_TEXT = {
  noSession: 'ERROR No load board session works: the stored cookie has expired or none is stored. Add a new one in Cookie Administration.',
  csrf: 'ERROR The load board refused the CSRF token. Add the cookie again with a fresh token in Cookie Administration.',
  noServiceUrl: 'ERROR The Service Url of the load board is not set (System Admin, Service tab).',
  rateLimited: (seconds: number | null) => `ERROR The load board is limiting requests. Try again${seconds ? ` in ${seconds} seconds` : ' in a minute'}.`,
  unavailable: 'ERROR The load board is unavailable right now. Try again in a minute.',
  refused: (why: string) => `ERROR The load board refused the search${why ? `: ${why}` : ''}.`,
} as const;

export const ZLoadSearchBody = z.object({
  weekId: requiredId(),
  origin: z.object(
    {
      label: z.string().trim().min(1, { error: MSG.required }).max(200),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    },
    { error: MSG.required },
  ),
  radius: z.coerce.number().int().min(1).max(500).default(50),
});
export type TLoadSearchBody = z.input<typeof ZLoadSearchBody>;

export const ZLoadSearchStop = z.object({
  sequence: z.number(),
  type: z.enum(['PICKUP', 'DROPOFF']),
  /** 'MCE1 · TRACY, CA' style place. */
  code: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  arrival: z.string().nullable(),
  departure: z.string().nullable(),
  loadingType: z.string().nullable(),
  unloadingType: z.string().nullable(),
});
export type TLoadSearchStop = z.infer<typeof ZLoadSearchStop>;

export const ZLoadSearchRow = z.object({
  id: z.string(),
  /** 'DALLAS, TX → HOUSTON, TX'. */
  route: z.string(),
  origin: z.string(),
  destination: z.string(),
  pickupTime: z.string(),
  deliveryTime: z.string(),
  stopCount: z.number(),
  miles: z.number(),
  payout: z.string(),
  /** payout ÷ miles from the exact cents, to the cent. */
  ratePerMile: z.string(),
  deadheadMiles: z.number().nullable(),
  loadingType: z.string(),
  workType: z.string(),
  equipmentType: z.string(),
  stops: z.array(ZLoadSearchStop),
});
export type TLoadSearchRow = z.infer<typeof ZLoadSearchRow>;

export const ZLoadSearchReply = z.object({ rows: z.array(ZLoadSearchRow), total: z.number(), truncated: z.boolean() });
export type TLoadSearchReply = z.infer<typeof ZLoadSearchReply>;

export const loadSearchRoutes = {
  search: defineRoute({
    method: 'POST',
    path: '/api/LoadSearch/Search',
    summary: "The board's available work with a pickup in the week within the radius of the city (up to 500 rows); board failures answer 'ERROR …' text",
    tag: 'Load search',
    access: onObject('LoadSearchPage', 'Read'),
    body: ZLoadSearchBody,
    response: z.union([ZLoadSearchReply, ZTextReply]),
  }),
} as const;
