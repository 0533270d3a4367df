
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS });
});
afterAll(() => t.close());


describe('roles and permissions', () => {
  const matrix = async (as: string = EMAIL.admin) => (await t.call({ method: 'GET', url: '/api/General/GetPermissions', as })).body as any[];
  const set = (payload: Record<string, unknown>, as: string = EMAIL.admin) =>
    t.call({ method: 'POST', url: '/api/General/SetPermission', payload, as });
  const me = async (as: string) => (await t.call({ method: 'POST', url: '/api/Auth/GetUserDetails', as })).body;

  it('lists every role × object with access, menu flag and whether it is the default', async () => {
    const rows = await matrix();
    expect(rows).toHaveLength(3 * 15);
    expect(rows).toContainEqual({
      roleId: 3,
      roleName: 'Driver',
      objectName: 'LoadBoardPage',
      accessType: 'Read',
      isMenuVisible: true,
      isDefault: true,
      defaultAccessType: 'Read',
      defaultIsMenuVisible: true,
    });
    expect(rows.find((r) => r.roleId === 3 && r.objectName === 'UserAdmin')).toMatchObject({ accessType: 'None', isMenuVisible: false });
  });

  it('applies a change on the next request and resets to the defaults', async () => {
    expect((await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.driver })).status).toBe(403);
    const res = await set({ roleId: 3, objectName: 'BrokerAdmin', accessType: 'Read', isMenuVisible: true });
    expect(res.text).toBe('Permission updated successfully');
    expect((await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.driver })).status).toBe(200);
    expect((await me(EMAIL.driver)).userPermissibleObjects).toContainEqual({ objectName: 'BrokerAdmin', accessType: 'Read', isMenuVisible: true });
    expect((await matrix()).find((r) => r.roleId === 3 && r.objectName === 'BrokerAdmin')).toMatchObject({ accessType: 'Read', isDefault: false });

    await set({ roleId: 3, objectName: 'LoadBoardPage', accessType: 'None', isMenuVisible: true });
    expect((await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', payload: {}, as: EMAIL.driver })).status).toBe(403);
    // The other company's matrix is untouched.
    expect((await matrix(EMAIL.secondAdmin)).every((r) => r.isDefault)).toBe(true);

    const reset = await t.call({ method: 'POST', url: '/api/General/ResetPermissions', as: EMAIL.admin });
    expect(reset.text).toBe('Permissions reset to defaults');
    expect((await matrix()).every((r) => r.isDefault)).toBe(true);
    expect((await t.call({ method: 'GET', url: '/api/Broker', as: EMAIL.driver })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/Load/GetFilteredLoads', payload: {}, as: EMAIL.driver })).status).toBe(200);
  });

  it('refuses to take Write or the menu entry on System Admin or User Admin away from administrators', async () => {
    for (const objectName of ['SystemAdminPage', 'UserAdmin']) {
      const res = await set({ roleId: 1, objectName, accessType: 'Read', isMenuVisible: true });
      expect(res.status).toBe(409);
      expect(res.text).toMatch(/^ERROR Administrators keep Write/);
      expect((await set({ roleId: 1, objectName, accessType: 'Write', isMenuVisible: false })).status).toBe(409);
    }
    expect((await matrix()).every((r) => r.isDefault)).toBe(true);
  });

  it('lets only an administrator change the matrix, even one granted Write on System Admin', async () => {
    await set({ roleId: 2, objectName: 'SystemAdminPage', accessType: 'Write', isMenuVisible: true });
    try {
      expect((await t.call({ method: 'GET', url: '/api/General/GetPermissions', as: EMAIL.dispatcher })).status).toBe(200);
      const res = await set({ roleId: 2, objectName: 'UserAdmin', accessType: 'Write', isMenuVisible: true }, EMAIL.dispatcher);
      expect(res.status).toBe(403);
      expect((await t.call({ method: 'POST', url: '/api/General/ResetPermissions', as: EMAIL.dispatcher })).status).toBe(403);
    } finally {
      await t.call({ method: 'POST', url: '/api/General/ResetPermissions', as: EMAIL.admin });
    }
    expect((await t.call({ method: 'GET', url: '/api/General/GetPermissions', as: EMAIL.dispatcher })).status).toBe(403);
  });

  it('answers 400 for an unknown object, role or access level', async () => {
    const res = await set({ roleId: 9, objectName: 'Nope', accessType: 'Admin', isMenuVisible: 'yes' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(['accessType', 'isMenuVisible', 'objectName', 'roleId']);
  });
});
