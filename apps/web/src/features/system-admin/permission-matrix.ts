import {
  ADMIN_LOCKED_OBJECTS,
  PERMISSIBLE_OBJECTS,
  ROLE,
  type TMatrixAccessType,
  type TPermissibleObject,
  type TPermissionRow,
  type TSetPermission,
} from '@haulboard/contract';

/** What each spec §6 object is called in the menu, shown beside its page name. */
export const OBJECT_LABELS: Record<TPermissibleObject, string> = {
  SystemAdminPage: 'System Admin',
  CookieAdminPage: 'Cookie Administration',
  DriverDashboardPage: 'Driver Dashboard',
  LoadHistoryPage: 'Load History',
  UserAdmin: 'User Admin',
  BrokerAdmin: 'Broker Admin',
  LoadBoardPage: 'Load Board',
  ExpenseAdminPage: 'Expenses',
  LoadImportPage: 'Load Import',
  InvoiceImportPage: 'Invoice Import',
  FuelImportPage: 'Fuel Import',
  IftaMilesImportPage: 'IFTA Miles Import',
  IftaReportPage: 'IFTA Report',
  LoadSearchPage: 'Load Search',
  SearchDashboardPage: 'Search Dashboard',
};

export type TMatrixRole = { roleId: number; roleName: string };

/** One object of the matrix with its cell for each role. */
export type TMatrixObject = {
  objectName: TPermissibleObject;
  label: string;
  cells: Map<number, TPermissionRow>;
  /** Some role's cell differs from the default. */
  isChanged: boolean;
};

/** The roles present, in role order (Administrator, Dispatcher, Driver). */
export function matrixRoles(rows: readonly TPermissionRow[]): TMatrixRole[] {
  const byId = new Map(rows.map((r) => [r.roleId, r.roleName]));
  return [...byId.entries()].sort(([a], [b]) => a - b).map(([roleId, roleName]) => ({ roleId, roleName }));
}

/** The server's flat cells grouped by object, in the spec's object order. */
export function matrixObjects(rows: readonly TPermissionRow[]): TMatrixObject[] {
  return PERMISSIBLE_OBJECTS.flatMap((objectName) => {
    const cells = rows.filter((r) => r.objectName === objectName);
    if (!cells.length) return [];
    return [
      {
        objectName,
        label: OBJECT_LABELS[objectName],
        cells: new Map(cells.map((c) => [c.roleId, c])),
        isChanged: cells.some((c) => !c.isDefault),
      },
    ];
  });
}

export const changedCellCount = (rows: readonly TPermissionRow[]) => rows.filter((r) => !r.isDefault).length;

/** The server keeps Administrators on these pages with Write and the menu, so nobody is locked out. */
export const isLockedCell = (cell: Pick<TPermissionRow, 'roleId' | 'objectName'>) =>
  cell.roleId === ROLE.Administrator && (ADMIN_LOCKED_OBJECTS as readonly string[]).includes(cell.objectName);

/** 'Default: Write, in the menu' — what the cell goes back to on reset. */
export function defaultDescription(cell: TPermissionRow): string {
  if (cell.defaultAccessType === 'None') return 'Default: None';
  return `Default: ${cell.defaultAccessType}, ${cell.defaultIsMenuVisible ? 'in the menu' : 'not in the menu'}`;
}

/**
 * The request for a new access level. Granting access to an object that had none also shows it in
 * the menu (what an administrator granting a page almost always wants); None takes the menu away.
 */
export function accessChange(cell: TPermissionRow, accessType: TMatrixAccessType): TSetPermission {
  const isMenuVisible = accessType === 'None' ? false : cell.accessType === 'None' ? true : cell.isMenuVisible;
  return { roleId: cell.roleId, objectName: cell.objectName, accessType, isMenuVisible };
}

export function menuChange(cell: TPermissionRow, isMenuVisible: boolean): TSetPermission {
  return { roleId: cell.roleId, objectName: cell.objectName, accessType: cell.accessType, isMenuVisible };
}
