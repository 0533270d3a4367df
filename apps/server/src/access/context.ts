import { createHash } from 'node:crypto';
import {
  accessOn,
  defaultPermissionsFor,
  type TAccessType,
  type TPermission,
  type TPermissibleObject,
  ROLE_NAMES,
  strongerAccess,
} from '@haulboard/contract';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TDbLike } from '../db/client';
import { companies, rolePermissions, sessions, userCompanies, userRoles, users } from '../db/schema';

export type TMembership = { companyId: number; companyName: string; isActive: boolean; roleIds: number[] };

/** Who is asking, resolved once per request from the session cookie. */
export type TRequestContext = {
  sessionId: string;
  idToken: string | null;
  user: typeof users.$inferSelect;
  memberships: TMembership[];
  /** The active company: from the session, never from the request. */
  companyId: number | null;
  companyName: string | null;
  /** The strongest role held in the active company (1 Administrator is strongest). */
  roleId: number | null;
  roleIds: number[];
  permissions: TPermission[];
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function loadMemberships(db: TDbLike, userId: number): Promise<TMembership[]> {
  const rows = await db
    .select({
      companyId: userCompanies.companyId,
      companyName: companies.name,
      isActive: userCompanies.isActive,
      roleIds: sql<number[]>`coalesce(array_agg(${userRoles.roleId} order by ${userRoles.roleId}) filter (where ${userRoles.roleId} is not null), '{}')`,
    })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .leftJoin(userRoles, and(eq(userRoles.userId, userCompanies.userId), eq(userRoles.companyId, userCompanies.companyId)))
    .where(eq(userCompanies.userId, userId))
    .groupBy(userCompanies.companyId, companies.name, userCompanies.isActive)
    .orderBy(companies.name);
  return rows.map((r) => ({ ...r, roleIds: (r.roleIds ?? []).map(Number) }));
}

/** The company a session works in: the one it chose if still a member, else the first where the
 * person holds a role, else the first they applied to. */
export function pickActiveCompany(memberships: TMembership[], preferred: number | null) {
  return (
    memberships.find((m) => m.companyId === preferred) ??
    memberships.find((m) => m.roleIds.length > 0 && m.isActive) ??
    memberships[0] ??
    null
  );
}

/** Effective permissions of a set of roles in a company: defaults, then the company's changes,
 * then the strongest access across the roles. */
export async function loadPermissions(db: TDbLike, companyId: number, roleIds: number[]): Promise<TPermission[]> {
  if (roleIds.length === 0) return [];
  const overrides = await db
    .select()
    .from(rolePermissions)
    .where(and(eq(rolePermissions.companyId, companyId), inArray(rolePermissions.roleId, roleIds)));
  const merged = new Map<string, TPermission>();
  for (const roleId of roleIds) {
    const byObject = new Map(defaultPermissionsFor(roleId).map((p) => [p.objectName, p as TPermission | null]));
    for (const o of overrides.filter((o) => o.roleId === roleId)) {
      byObject.set(
        o.objectName as TPermissibleObject,
        o.accessType === 'None'
          ? null
          : { objectName: o.objectName as TPermissibleObject, accessType: o.accessType as TAccessType, isMenuVisible: o.isMenuVisible },
      );
    }
    for (const p of byObject.values()) {
      if (!p) continue;
      const held = merged.get(p.objectName);
      merged.set(
        p.objectName,
        held
          ? { ...p, accessType: strongerAccess(held.accessType, p.accessType), isMenuVisible: held.isMenuVisible || p.isMenuVisible }
          : p,
      );
    }
  }
  return [...merged.values()];
}

export async function loadContext(db: TDbLike, token: string): Promise<TRequestContext | null> {
  const sessionId = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  return buildContext(db, sessionId, row.session.idToken, row.user, row.session.companyId);
}

export async function buildContext(
  db: TDbLike,
  sessionId: string,
  idToken: string | null,
  user: typeof users.$inferSelect,
  preferredCompanyId: number | null,
): Promise<TRequestContext> {
  const memberships = await loadMemberships(db, user.id);
  const active = pickActiveCompany(memberships, preferredCompanyId);
  const roleIds = active?.isActive ? active.roleIds : [];
  const permissions = active ? await loadPermissions(db, active.companyId, roleIds) : [];
  return {
    sessionId,
    idToken,
    user,
    memberships,
    companyId: active?.companyId ?? null,
    companyName: active?.companyName ?? null,
    roleId: roleIds.length ? Math.min(...roleIds) : null,
    roleIds,
    permissions,
  };
}

export const roleName = (roleId: number | null) => (roleId ? (ROLE_NAMES[roleId] ?? null) : null);
export { accessOn };
