import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPANY, currentUser, DEMO, menuVisibleObjects, OBJECT_OF_PATH, readMenu, signIn, text, useBrowser, visible, waitForPath } from '../support';

/**
 * Spec §2 Layout and §6: the menu shows exactly the entries whose object is menu-visible for the
 * person. The administrator holds every object, so their menu is every page the app has; each
 * other role must see exactly that list filtered by their own menu-visible objects.
 */
describe('each role sees exactly its menu', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  const menuOf = async (email: string) => {
    const context = await b.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, email);
    await waitForPath(page, /^\/app\//);
    return { page, menu: await readMenu(page), me: await currentUser(page) };
  };

  let adminPaths: string[] = [];

  it('the administrator sees every page of the app, User Admin among them', async () => {
    const { menu, me } = await menuOf(DEMO.admin);
    expect(me.roleName).toBe('Administrator');
    adminPaths = menu.map((e) => e.path);
    expect(adminPaths).toContain('/app/user-admin');
    for (const path of adminPaths) expect(OBJECT_OF_PATH[path], `unknown menu entry ${path}`).toBeDefined();
    const allowed = menuVisibleObjects(me.userPermissibleObjects);
    expect(adminPaths.filter((p) => !allowed.has(OBJECT_OF_PATH[p]))).toEqual([]);
  });

  for (const [role, email] of [
    ['Dispatcher', DEMO.dispatcher],
    ['Driver', DEMO.driver],
  ] as const) {
    it(`the ${role} sees exactly the entries their role makes menu-visible`, async () => {
      const { page, menu, me } = await menuOf(email);
      expect(me.roleName).toBe(role);
      const allowed = menuVisibleObjects(me.userPermissibleObjects);
      const expected = adminPaths.filter((p) => allowed.has(OBJECT_OF_PATH[p]));
      expect(menu.map((e) => e.path).sort()).toEqual(expected.sort());
      expect(menu.map((e) => e.path)).not.toContain('/app/user-admin');

      // A page outside the role is refused even when typed in.
      await page.goto('/app/user-admin');
      await text(page, 'You do not have access to this page');
      expect(await page.getByRole('table', { name: 'Users' }).count()).toBe(0);
    });
  }

  it('the administrator of one company sees it as text, with no switcher, and only its people', async () => {
    const { page } = await menuOf(DEMO.secondAdmin);
    const card = page.getByTestId('user-card');
    await text(page, COMPANY.second);
    expect(await card.getByRole('combobox').count()).toBe(0);
    expect(await card.getByText(COMPANY.second).count()).toBe(1);

    await page.goto('/app/user-admin');
    await visible(page.getByRole('row').filter({ hasText: DEMO.secondAdmin }));
    expect(await page.getByRole('row').filter({ hasText: DEMO.dispatcher }).count()).toBe(0);
    expect(await page.getByRole('row').filter({ hasText: DEMO.applicant }).count()).toBe(0);
  });
});
