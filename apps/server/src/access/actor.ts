import { can, PERMISSIBLE_OBJECTS, ROLE, type TAccessType, type TPermissibleObject, type TPermission } from '@haulboard/contract';
import { notFound } from '../lib/errors';
import type { TRequestContext } from './context';

/**
 * Who acts in a service call: a company, the person (or the system, for background jobs and
 * imports made on a company's behalf) and what they may do there. Services take `(tx, actor,
 * input)` and never see the HTTP session.
 */
export type TActor = {
  companyId: number;
  /** The person acting; null when the system acts on the company's behalf. */
  userId: number | null;
  roleIds: number[];
  permissions: TPermission[];
  /** Companies in which the person holds the Administrator role (user administration spans them). */
  administeredCompanyIds: number[];
};

/** The actor of a member route: the session's active company (the guard made sure there is one). */
export function actorOf(ctx: TRequestContext): TActor {
  if (!ctx.companyId) throw notFound('The company');
  return {
    companyId: ctx.companyId,
    userId: ctx.user.id,
    roleIds: ctx.roleIds,
    permissions: ctx.permissions,
    administeredCompanyIds: ctx.memberships
      .filter((m) => m.isActive && m.roleIds.includes(ROLE.Administrator))
      .map((m) => m.companyId),
  };
}

/** The system acting for a company (jobs, imports): every object with Write, no person. */
export function systemActor(companyId: number): TActor {
  return {
    companyId,
    userId: null,
    roleIds: [],
    permissions: PERMISSIBLE_OBJECTS.map((objectName) => ({ objectName, accessType: 'Write' as const, isMenuVisible: false })),
    administeredCompanyIds: [],
  };
}

export const actorCan = (actor: TActor, object: TPermissibleObject, level: TAccessType = 'Read') => can(actor.permissions, object, level);

export const isAdministrator = (actor: TActor) => actor.roleIds.includes(ROLE.Administrator);
