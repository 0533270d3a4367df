import { z } from 'zod';
import { idInput } from './fields';
import { MSG } from './messages';
import { defineRoute, onObject, ZTextReply } from './route-def';

/** Roles, permissible objects and access levels (spec §6). Permissions are data: this file holds
 * the vocabulary and the defaults; each company may override the matrix. */

export const ROLE = { Administrator: 1, Dispatcher: 2, Driver: 3 } as const;
export type TRoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_NAMES: Record<number, string> = {
  1: 'Administrator',
  2: 'Dispatcher',
  3: 'Driver',
};

export const ACCESS_TYPES = ['Read', 'DenyDelete', 'Write'] as const;
export type TAccessType = (typeof ACCESS_TYPES)[number];

/** Page names used for page-level access (spec §6), plus the objects the later features add. */
export const PERMISSIBLE_OBJECTS = [
  'SystemAdminPage',
  'CookieAdminPage',
  'DriverDashboardPage',
  'LoadHistoryPage',
  'UserAdmin',
  'BrokerAdmin',
  'LoadBoardPage',
  'ExpenseAdminPage',
  'LoadImportPage',
  'InvoiceImportPage',
  'FuelImportPage',
  'IftaMilesImportPage',
  'IftaReportPage',
  'LoadSearchPage',
  'SearchDashboardPage',
] as const;
export type TPermissibleObject = (typeof PERMISSIBLE_OBJECTS)[number];

export type TPermission = {
  objectName: TPermissibleObject;
  accessType: TAccessType;
  isMenuVisible: boolean;
};

const rank: Record<TAccessType, number> = { Read: 1, DenyDelete: 2, Write: 3 };

/** Spec §6: Write is met only by Write; DenyDelete by DenyDelete or Write; Read by any. */
export function isAccessSufficient(required: TAccessType, held: TAccessType | undefined | null): boolean {
  if (!held) return false;
  return rank[held] >= rank[required];
}

export function strongerAccess(a: TAccessType, b: TAccessType): TAccessType {
  return rank[a] >= rank[b] ? a : b;
}

type TMatrixRow = { accessType: TAccessType; isMenuVisible: boolean };
type TRoleMatrix = Partial<Record<TPermissibleObject, TMatrixRow>>;

const all = (accessType: TAccessType): TRoleMatrix =>
  Object.fromEntries(PERMISSIBLE_OBJECTS.map((o) => [o, { accessType, isMenuVisible: true }])) as TRoleMatrix;

/** The default matrix. Documented in the README; a company administrator can change it. */
export const DEFAULT_PERMISSION_MATRIX: Record<TRoleId, TRoleMatrix> = {
  1: all('Write'),
  2: {
    LoadBoardPage: { accessType: 'Write', isMenuVisible: true },
    LoadHistoryPage: { accessType: 'Read', isMenuVisible: true },
    BrokerAdmin: { accessType: 'Write', isMenuVisible: true },
    DriverDashboardPage: { accessType: 'DenyDelete', isMenuVisible: true },
    ExpenseAdminPage: { accessType: 'Write', isMenuVisible: true },
    LoadImportPage: { accessType: 'Write', isMenuVisible: true },
    InvoiceImportPage: { accessType: 'Write', isMenuVisible: true },
    FuelImportPage: { accessType: 'Write', isMenuVisible: true },
    IftaMilesImportPage: { accessType: 'Write', isMenuVisible: true },
    IftaReportPage: { accessType: 'Read', isMenuVisible: true },
    LoadSearchPage: { accessType: 'Write', isMenuVisible: true },
    SearchDashboardPage: { accessType: 'Write', isMenuVisible: true },
  },
  3: {
    DriverDashboardPage: { accessType: 'Read', isMenuVisible: true },
    LoadBoardPage: { accessType: 'Read', isMenuVisible: true },
    LoadHistoryPage: { accessType: 'Read', isMenuVisible: true },
  },
};

export function defaultPermissionsFor(roleId: number): TPermission[] {
  const matrix = DEFAULT_PERMISSION_MATRIX[roleId as TRoleId] ?? {};
  return Object.entries(matrix).map(([objectName, row]) => ({
    objectName: objectName as TPermissibleObject,
    accessType: row!.accessType,
    isMenuVisible: row!.isMenuVisible,
  }));
}

/** The access a permission list grants on one object, or null. */
export function accessOn(perms: readonly TPermission[], object: string): TAccessType | null {
  return perms.find((p) => p.objectName === object)?.accessType ?? null;
}

export function can(perms: readonly TPermission[], object: string, level: TAccessType = 'Read'): boolean {
  return isAccessSufficient(level, accessOn(perms, object));
}

/** A permission as the current user carries it (spec §3 userPermissibleObjects). */
export const ZPermission = z.object({
  objectName: z.enum(PERMISSIBLE_OBJECTS),
  accessType: z.enum(ACCESS_TYPES),
  isMenuVisible: z.boolean(),
});

export const PERMISSION_TEXT = {
  permissionSaved: 'Permission updated successfully',
  permissionsReset: 'Permissions reset to defaults',
} as const;

/** Access in the editable matrix: 'None' takes an object away from a role. */
export const MATRIX_ACCESS_TYPES = ['None', 'Read', 'DenyDelete', 'Write'] as const;
export type TMatrixAccessType = (typeof MATRIX_ACCESS_TYPES)[number];

/** Objects the Administrator role must keep with Write and in the menu, so nobody is locked out. */
export const ADMIN_LOCKED_OBJECTS = ['SystemAdminPage', 'UserAdmin'] as const;

/** One cell of the role × object matrix of the active company. */
export const ZPermissionRow = z.object({
  roleId: z.number(),
  roleName: z.string(),
  objectName: z.enum(PERMISSIBLE_OBJECTS),
  accessType: z.enum(MATRIX_ACCESS_TYPES),
  isMenuVisible: z.boolean(),
  /** True when the company has not changed this cell. */
  isDefault: z.boolean(),
  defaultAccessType: z.enum(MATRIX_ACCESS_TYPES),
  defaultIsMenuVisible: z.boolean(),
});
export type TPermissionRow = z.infer<typeof ZPermissionRow>;

export const ZSetPermission = z.object({
  roleId: z.preprocess(idInput, z.number({ error: MSG.required }).int().min(1, { error: MSG.required }).max(3, { error: 'Unknown role' })),
  objectName: z.enum(PERMISSIBLE_OBJECTS, { error: 'Unknown object' }),
  accessType: z.enum(MATRIX_ACCESS_TYPES, { error: 'Choose None, Read, DenyDelete or Write' }),
  isMenuVisible: z.boolean(),
});
export type TSetPermission = z.input<typeof ZSetPermission>;

export const permissionRoutes = {
  getPermissions: defineRoute({
    method: 'GET',
    path: '/api/General/GetPermissions',
    summary: 'The role × object permission matrix of the active company',
    tag: 'Permissions',
    access: onObject('SystemAdminPage', 'Read'),
    response: z.array(ZPermissionRow),
    list: { fixed: true },
  }),
  setPermission: defineRoute({
    method: 'POST',
    path: '/api/General/SetPermission',
    summary: "Change one cell of the matrix (the company's administrators only); applies from the next request",
    tag: 'Permissions',
    access: onObject('SystemAdminPage', 'Write'),
    body: ZSetPermission,
    response: ZTextReply,
  }),
  resetPermissions: defineRoute({
    method: 'POST',
    path: '/api/General/ResetPermissions',
    summary: 'Return the matrix to the defaults (administrators only)',
    tag: 'Permissions',
    access: onObject('SystemAdminPage', 'Write'),
    response: ZTextReply,
  }),
} as const;
