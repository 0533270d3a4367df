import { eq } from 'drizzle-orm';
import type { TActor } from '../../access/actor';
import type { TDbLike } from '../../db/client';
import { companySettings } from '../../db/schema';
import { nowMs } from '../../lib/rows';

/** The company's service URL (the external load board's address), '' when not set. */
export async function findServiceUrl(db: TDbLike, companyId: number) {
  const [row] = await db.select({ serviceUrl: companySettings.serviceUrl }).from(companySettings).where(eq(companySettings.companyId, companyId));
  return row?.serviceUrl ?? '';
}

export async function setServiceUrl(tx: TDbLike, actor: TActor, serviceUrl: string) {
  await tx
    .insert(companySettings)
    .values({ companyId: actor.companyId, serviceUrl, updatedOn: nowMs() as any })
    .onConflictDoUpdate({
      target: companySettings.companyId,
      set: { serviceUrl, updatedOn: nowMs() as any },
    });
}
