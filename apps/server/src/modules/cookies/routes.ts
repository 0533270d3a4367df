import { cookieRoutes } from '@haulboard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { companyCookies } from '../../db/schema';
import { capLimit, capList, countRows } from '../../lib/list-cap';
import { route } from '../../lib/route';
import { checkSavedSession, sessionStatus } from '../../loadboard/connection';
import type { TVault } from '../../loadboard/vault';
import { deleteCookie, findCookies, refreshCookies, saveCookie } from './service';

/** Cookie administration (spec §2 relay/cookie-admin): the company's sessions on the external board. */
export async function cookiesModule(app: FastifyInstance, { db, vault }: { db: TDb; vault: TVault }) {
  route(app, cookieRoutes.refreshCookies, async (req) => refreshCookies(db, vault, actorOf(req.ctx).companyId));
  route(app, cookieRoutes.getCookies, async (req, reply) => {
    const { companyId } = actorOf(req.ctx);
    const rows = await findCookies(db, vault, companyId, capLimit(cookieRoutes.getCookies));
    return capList(reply, cookieRoutes.getCookies, rows, () => countRows(db, companyCookies, eq(companyCookies.companyId, companyId)));
  });
  route(app, cookieRoutes.sessionStatus, async (req) => sessionStatus(db, vault, actorOf(req.ctx).companyId));
  route(app, cookieRoutes.saveCookie, async (req) => {
    const actor = actorOf(req.ctx);
    const { text, cookieId } = await db.transaction((tx) => saveCookie(tx, vault, actor, req.body));
    // Checked against the board at once (after the commit, outside the transaction), so a working
    // new session is the one in use now; a board that cannot be reached does not fail the save.
    await checkSavedSession(db, vault, actor.companyId, cookieId);
    return text;
  });
  route(app, cookieRoutes.deleteCookie, async (req) => db.transaction((tx) => deleteCookie(tx, actorOf(req.ctx), req.query.Id)));
}
