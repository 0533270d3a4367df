import type { TPermissionRow } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import {
  accessChange,
  changedCellCount,
  defaultDescription,
  isLockedCell,
  matrixObjects,
  matrixRoles,
  menuChange,
} from './permission-matrix';

const cell = (over: Partial<TPermissionRow>): TPermissionRow => ({
  roleId: 2,
  roleName: 'Dispatcher',
  objectName: 'BrokerAdmin',
  accessType: 'Write',
  isMenuVisible: true,
  isDefault: true,
  defaultAccessType: 'Write',
  defaultIsMenuVisible: true,
  ...over,
});

const rows: TPermissionRow[] = [
  cell({ roleId: 3, roleName: 'Driver', objectName: 'LoadBoardPage', accessType: 'Read', defaultAccessType: 'Read' }),
  cell({ roleId: 1, roleName: 'Administrator', objectName: 'BrokerAdmin' }),
  cell({ roleId: 2, objectName: 'BrokerAdmin', accessType: 'Read', isDefault: false }),
  cell({ roleId: 1, roleName: 'Administrator', objectName: 'SystemAdminPage' }),
];

describe('permission matrix', () => {
  it('lists roles in role order, whatever order the cells come in', () => {
    expect(matrixRoles(rows).map((r) => r.roleName)).toEqual(['Administrator', 'Dispatcher', 'Driver']);
  });

  it('groups cells by object in the spec order and marks objects changed from the default', () => {
    const objects = matrixObjects(rows);
    expect(objects.map((o) => o.objectName)).toEqual(['SystemAdminPage', 'BrokerAdmin', 'LoadBoardPage']);
    expect(objects.map((o) => o.isChanged)).toEqual([false, true, false]);
    expect(objects[1].cells.get(2)?.accessType).toBe('Read');
    expect(objects[1].label).toBe('Broker Admin');
    expect(changedCellCount(rows)).toBe(1);
  });

  it('locks the administrator on System Admin and User Admin only', () => {
    expect(isLockedCell({ roleId: 1, objectName: 'SystemAdminPage' })).toBe(true);
    expect(isLockedCell({ roleId: 1, objectName: 'UserAdmin' })).toBe(true);
    expect(isLockedCell({ roleId: 2, objectName: 'UserAdmin' })).toBe(false);
    expect(isLockedCell({ roleId: 1, objectName: 'BrokerAdmin' })).toBe(false);
  });

  it('shows a page in the menu when it is granted, and hides it when taken away', () => {
    const none = cell({ accessType: 'None', isMenuVisible: false });
    expect(accessChange(none, 'Read')).toEqual({ roleId: 2, objectName: 'BrokerAdmin', accessType: 'Read', isMenuVisible: true });
    expect(accessChange(cell({ isMenuVisible: false }), 'Read').isMenuVisible).toBe(false);
    expect(accessChange(cell({}), 'None').isMenuVisible).toBe(false);
    expect(menuChange(cell({}), false)).toEqual({ roleId: 2, objectName: 'BrokerAdmin', accessType: 'Write', isMenuVisible: false });
  });

  it('describes the default a reset returns to', () => {
    expect(defaultDescription(cell({}))).toBe('Default: Write, in the menu');
    expect(defaultDescription(cell({ defaultAccessType: 'None', defaultIsMenuVisible: false }))).toBe('Default: None');
  });
});
