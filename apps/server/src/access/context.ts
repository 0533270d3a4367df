import { createHash } from 'node:crypto';
import {
  accessOn,
  defaultPermissionsFor,
  ROLE_NAMES,
  strongerAccess,
  type TAccessType,
  type TPermissibleObject,
  type TPermission,
} from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import type { TDbLike } from '../db/client';
import { companies, rolePermissions, sessions, userCompanies, users } from '../db/schema';

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
  /** The active company deactivated this person: they hold no role there until reactivated. */
  accessRemoved: boolean;
  /** Seconds until the session's idle limit: the guard moves the limit forward when it has run down. */
  idleSecondsLeft?: number;
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

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

type TOverride = { companyId: number; roleId: number; objectName: string; accessType: string; isMenuVisible: boolean };

/** Effective permissions of a set of roles in a company: defaults, then the company's changes,
 * then the strongest access across the roles. */
export function mergePermissions(companyId: number, roleIds: number[], overrides: TOverride[]): TPermission[] {
  const merged = new Map<string, TPermission>();
  for (const roleId of roleIds) {
    const byObject = new Map(defaultPermissionsFor(roleId).map((p) => [p.objectName, p as TPermission | null]));
    for (const o of overrides.filter((o) => o.companyId === companyId && o.roleId === roleId)) {
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

/**
 * The whole context in one statement (every API request pays for it): the session, its person,
 * their memberships with roles, and their companies' changes to the permission matrix.
 */
export async function loadContext(db: TDbLike, token: string): Promise<TRequestContext | null> {
  const sessionId = hashToken(token);
  const result = await db.execute(sql`
    select s.company_id as "preferredCompanyId", s.id_token as "idToken",
      extract(epoch from s.idle_expires_at - now())::float8 as "idleSecondsLeft",
      json_build_object('id', u.id, 'email', u.email, 'uid', u.uid, 'displayName', u.display_name,
        'firstName', u.first_name, 'lastName', u.last_name, 'phoneNumber', u.phone_number,
        'lastLoginDate', u.last_login_date, 'createdOn', u.created_on, 'updatedOn', u.updated_on) as "user",
      coalesce((select json_agg(json_build_object('companyId', m.company_id, 'companyName', c.name, 'isActive', m.is_active,
          'roleIds', coalesce((select json_agg(r.role_id order by r.role_id) from user_roles r
                               where r.user_id = m.user_id and r.company_id = m.company_id), '[]'::json))
          order by c.name)
        from ${userCompanies} m join ${companies} c on c.id = m.company_id where m.user_id = u.id), '[]'::json) as "memberships",
      coalesce((select json_agg(json_build_object('companyId', p.company_id, 'roleId', p.role_id, 'objectName', p.object_name,
          'accessType', p.access_type, 'isMenuVisible', p.is_menu_visible))
        from ${rolePermissions} p where p.company_id in (select m.company_id from ${userCompanies} m where m.user_id = u.id)), '[]'::json) as "overrides"
    from ${sessions} s join ${users} u on u.id = s.user_id
    where s.id = ${sessionId} and s.expires_at > now() and s.idle_expires_at > now()
    limit 1`);
  const rows = (Array.isArray(result) ? result : (result as any).rows) as any[];
  const row = rows[0];
  if (!row) return null;
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  const memberships = (parse(row.memberships) as TMembership[]).map((m) => ({ ...m, roleIds: m.roleIds.map(Number) }));
  const active = pickActiveCompany(memberships, row.preferredCompanyId);
  const roleIds = active?.isActive ? active.roleIds : [];
  return {
    sessionId,
    idToken: row.idToken,
    user: parse(row.user),
    memberships,
    companyId: active?.companyId ?? null,
    companyName: active?.companyName ?? null,
    roleId: roleIds.length ? Math.min(...roleIds) : null,
    roleIds,
    permissions: active ? mergePermissions(active.companyId, roleIds, parse(row.overrides)) : [],
    accessRemoved: !!active && !active.isActive,
    idleSecondsLeft: Number(row.idleSecondsLeft),
  };
}

export const roleName = (roleId: number | null) => (roleId ? (ROLE_NAMES[roleId] ?? null) : null);
export { accessOn };
