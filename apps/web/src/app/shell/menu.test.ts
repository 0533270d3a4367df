import '../../test/setup';
import { defaultPermissionsFor, type TPermission } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import type { TAppPage } from '../app-pages';
import { buildMenu, firstPagePath } from './menu';

const page = (path: string, object: TAppPage['object'], group?: 'System'): TAppPage => ({ path, label: path, object, icon: null as never, group, lazy: async () => ({}) });
const pages = [page('/app/loadboard', 'LoadBoardPage'), page('/app/user-admin', 'UserAdmin'), page('/app/system-admin', 'SystemAdminPage', 'System')];

describe('the sidebar menu (spec §2 Layout, §6)', () => {
  it('shows an administrator every entry, System ones in the System group', () => {
    const menu = buildMenu(pages, defaultPermissionsFor(1));
    expect(menu.main.map((p) => p.path)).toEqual(['/app/loadboard', '/app/user-admin']);
    expect(menu.system.map((p) => p.path)).toEqual(['/app/system-admin']);
  });

  it('shows a driver only the entries their role opens', () => {
    const menu = buildMenu(pages, defaultPermissionsFor(3));
    expect(menu.main.map((p) => p.path)).toEqual(['/app/loadboard']);
    expect(menu.system).toEqual([]);
  });

  it('hides an entry whose object is not menu-visible, even with access', () => {
    const perms: TPermission[] = [{ objectName: 'UserAdmin', accessType: 'Write', isMenuVisible: false }];
    expect(buildMenu(pages, perms).main).toEqual([]);
    expect(firstPagePath(pages, perms)).toBeNull();
  });

  it('leaves out routes that are not menu entries (a path variant, a print view)', () => {
    const variant = { ...page('/app/loadboard/:loadNumber', 'LoadBoardPage'), inMenu: false as const };
    expect(buildMenu([variant, ...pages], defaultPermissionsFor(1)).main.map((p) => p.path)).toEqual(['/app/loadboard', '/app/user-admin']);
  });

  it('takes /app/home to the first menu entry', () => {
    expect(firstPagePath(pages, defaultPermissionsFor(2))).toBe('/app/loadboard');
  });
});
