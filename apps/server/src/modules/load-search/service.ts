import { centsToText, LOAD_SEARCH_LIMIT, LOAD_SEARCH_TEXT, type TLoadSearchReply, type TLoadSearchRow, type ZLoadSearchBody } from '@haulboard/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDbLike } from '../../db/client';
import { workWeeks } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { BoardError, type TBoardPlace, type TBoardWork } from '../../loadboard/client';
import { companyBoard, noteBoardFailure, type TConnectionOptions } from '../../loadboard/connection';
import type { TVault } from '../../loadboard/vault';

const place = (p: TBoardPlace) => [p.city, p.state].filter(Boolean).join(', ');

/** Payout ÷ miles from the exact cents, rounded half up to the cent once. */
export function ratePerMileText(payoutCents: number, miles: number): string {
  if (!(miles > 0)) return '0.00';
  return centsToText(Math.round(payoutCents / miles));
}

export function toRow(w: TBoardWork): TLoadSearchRow {
  const origin = place(w.origin);
  const destination = place(w.destination);
  return {
    id: w.id,
    route: `${origin} → ${destination}`,
    origin,
    destination,
    pickupTime: w.firstPickupTime,
    deliveryTime: w.lastDeliveryTime,
    stopCount: w.stopCount,
    miles: Math.round(w.distanceMiles * 10) / 10,
    payout: centsToText(w.payoutCents),
    ratePerMile: ratePerMileText(w.payoutCents, w.distanceMiles),
    deadheadMiles: w.deadheadMiles === null ? null : Math.round(w.deadheadMiles * 10) / 10,
    loadingType: w.loadingType === 'PRELOADED' ? 'Preloaded' : w.loadingType === 'LIVE' ? 'Live' : '',
    workType: w.type === 'ROUND_TRIP' ? 'Round trip' : 'One way',
    equipmentType: w.equipmentType,
    stops: w.stops.map((s) => ({
      sequence: s.sequence,
      type: s.type,
      code: s.place.code,
      city: s.place.city,
      state: s.place.state,
      postalCode: s.place.postalCode,
      arrival: s.arrival,
      departure: s.departure,
      loadingType: s.loadingType,
      unloadingType: s.unloadingType,
    })),
  };
}

/** What a board failure says to the person searching. */
export function boardErrorText(e: BoardError): string {
  switch (e.kind) {
    case 'session-expired':
      return LOAD_SEARCH_TEXT.noSession;
    case 'csrf-refused':
      return LOAD_SEARCH_TEXT.csrf;
    case 'rate-limited':
      return LOAD_SEARCH_TEXT.rateLimited(e.retryAfterSeconds);
    case 'unavailable':
    case 'bad-response':
      return LOAD_SEARCH_TEXT.unavailable;
    case 'not-configured':
      return /Service URL/i.test(e.message) ? LOAD_SEARCH_TEXT.noServiceUrl : LOAD_SEARCH_TEXT.noSession;
    default:
      return LOAD_SEARCH_TEXT.refused('');
  }
}

/**
 * The board's available work with a pickup in the week (its dates, whole days in UTC) within the
 * radius of the city, cheapest-first order left to the page; 'ERROR …' text when the board fails.
 */
export async function searchLoads(
  db: TDbLike,
  vault: TVault,
  companyId: number,
  body: z.output<typeof ZLoadSearchBody>,
  options: TConnectionOptions = {},
): Promise<TLoadSearchReply | string> {
  const [week] = await db
    .select()
    .from(workWeeks)
    .where(and(eq(workWeeks.id, body.weekId), eq(workWeeks.companyId, companyId)));
  if (!week) throw notFound('The work week');
  const start = `${week.startDate}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${week.endDate}T00:00:00.000Z`) + 86_400_000 - 1).toISOString();
  const [name, state] = body.origin.label.split(',').map((s) => s.trim());
  let board: Awaited<ReturnType<typeof companyBoard>> | undefined;
  try {
    board = await companyBoard(db, vault, companyId, options);
    const found = await board.client.searchAll(
      {
        origins: [{ name: name ?? body.origin.label, stateCode: state ?? '', latitude: body.origin.latitude, longitude: body.origin.longitude, radiusMiles: body.radius }],
        startDate: start,
        endDate: end,
      },
      LOAD_SEARCH_LIMIT,
    );
    const inWeek = found.works.filter((w) => w.firstPickupTime >= start && w.firstPickupTime <= end);
    return { rows: inWeek.map(toRow), total: found.total, truncated: found.total > found.works.length };
  } catch (e) {
    if (!(e instanceof BoardError)) throw e;
    if (board) await noteBoardFailure(db, companyId, board.cookieId, e);
    return boardErrorText(e);
  }
}
