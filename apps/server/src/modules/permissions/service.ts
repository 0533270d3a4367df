import {
  ADMIN_LOCKED_OBJECTS,
  DEFAULT_PERMISSION_MATRIX,
  PERMISSIBLE_OBJECTS,
  PERMISSION_TEXT,
  ROLE,
  ROLE_NAMES,
  type TMatrixAccessType,
  type TPermissionRow,
  type TRoleId,
  type ZSetPermission,
} from '@haulboard/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { isAdministrator, type TActor } from '../../access/actor';
import type { TDbLike } from '../../db/client';
import { rolePermissions } from '../../db/schema';
import { forbidden, refuse } from '../../lib/errors';

const ROLE_IDS = Object.keys(ROLE_NAMES).map(Number) as TRoleId[];

const defaultOf = (roleId: number, objectName: string): { accessType: TMatrixAccessType; isMenuVisible: boolean } => {
  const row = DEFAULT_PERMISSION_MATRIX[roleId as TRoleId]?.[objectName as keyof (typeof DEFAULT_PERMISSION_MATRIX)[1]];
  return row ? { accessType: row.accessType, isMenuVisible: row.isMenuVisible } : { accessType: 'None', isMenuVisible: false };
};

/** The role × object matrix of a company: the defaults with the company's changes applied. */
export async function findPermissionMatrix(db: TDbLike, companyId: number): Promise<TPermissionRow[]> {
  const overrides = await db.select().from(rolePermissions).where(eq(rolePermissions.companyId, companyId));
  const byKey = new Map(overrides.map((o) => [`${o.roleId}:${o.objectName}`, o]));
  return ROLE_IDS.flatMap((roleId) =>
    PERMISSIBLE_OBJECTS.map((objectName) => {
      const d = defaultOf(roleId, objectName);
      const o = byKey.get(`${roleId}:${objectName}`);
      const accessType = (o?.accessType ?? d.accessType) as TMatrixAccessType;
      const isMenuVisible = accessType === 'None' ? false : (o?.isMenuVisible ?? d.isMenuVisible);
      return {
        roleId,
        roleName: ROLE_NAMES[roleId],
        objectName,
        accessType,
        isMenuVisible,
        isDefault: accessType === d.accessType && isMenuVisible === d.isMenuVisible,
        defaultAccessType: d.accessType,
        defaultIsMenuVisible: d.isMenuVisible,
      };
    }),
  );
}

/** The matrix is the company administrators' to change, whatever else the matrix grants. */
function assertAdministrator(actor: TActor) {
  if (!isAdministrator(actor)) throw forbidden('Only an administrator of the company can change permissions');
}

/** Changes one cell; a cell set back to its default stops being a change. */
export async function setPermission(tx: TDbLike, actor: TActor, cell: z.output<typeof ZSetPermission>) {
  assertAdministrator(actor);
  const { companyId } = actor;
  const isMenuVisible = cell.accessType === 'None' ? false : cell.isMenuVisible;
  if (cell.roleId === ROLE.Administrator && (ADMIN_LOCKED_OBJECTS as readonly string[]).includes(cell.objectName)) {
    if (cell.accessType !== 'Write' || !isMenuVisible) {
      throw refuse(`Administrators keep Write and the menu entry on ${cell.objectName}, so that nobody is locked out of this screen`);
    }
  }
  const d = defaultOf(cell.roleId, cell.objectName);
  const key = and(
    eq(rolePermissions.companyId, companyId),
    eq(rolePermissions.roleId, cell.roleId),
    eq(rolePermissions.objectName, cell.objectName),
  );
  if (d.accessType === cell.accessType && (d.isMenuVisible === isMenuVisible || cell.accessType === 'None')) {
    await tx.delete(rolePermissions).where(key);
  } else {
    await tx
      .insert(rolePermissions)
      .values({ companyId, roleId: cell.roleId, objectName: cell.objectName, accessType: cell.accessType, isMenuVisible })
      .onConflictDoUpdate({
        target: [rolePermissions.companyId, rolePermissions.roleId, rolePermissions.objectName],
        set: { accessType: cell.accessType, isMenuVisible },
      });
  }
  return PERMISSION_TEXT.permissionSaved;
}

export async function resetPermissions(tx: TDbLike, actor: TActor) {
  assertAdministrator(actor);
  await tx.delete(rolePermissions).where(eq(rolePermissions.companyId, actor.companyId));
  return PERMISSION_TEXT.permissionsReset;
}
