import { generalRoutes, SUCCESS } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../db/client';
import { companySettings } from '../../db/schema';
import { route } from '../../lib/route';
import { companyOf, nowMs } from '../../lib/rows';
import { eq } from 'drizzle-orm';

/** Per-company settings of the System Admin page's Service tab. */
export async function settingsModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, generalRoutes.getServiceUrl, async (req) => {
    const [row] = await db.select().from(companySettings).where(eq(companySettings.companyId, companyOf(req.ctx)));
    return row?.serviceUrl ?? '';
  });
  route(app, generalRoutes.setServiceUrl, async (req) => {
    const serviceUrl = req.query.url;
    await db
      .insert(companySettings)
      .values({ companyId: companyOf(req.ctx), serviceUrl, updatedOn: nowMs() as any })
      .onConflictDoUpdate({ target: companySettings.companyId, set: { serviceUrl, updatedOn: nowMs() as any } });
    return SUCCESS.serviceUrlSaved;
  });
}
