import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  APP_HEADERS,
  boardReady,
  COMPANY,
  currentUser,
  DEMO,
  loadDialog,
  openBoard,
  paginationLabel,
  pick,
  readMenu,
  selectBox,
  selectedText,
  signIn,
  text,
  toast,
  useBrowser,
  visible,
  waitForPath,
} from '../support';

/** Monday on or after 1 January (the demo's weeks start there). */
const firstMondayOf = (y: number) => {
  const jan1 = Date.UTC(y, 0, 1);
  return new Date(jan1 + ((8 - new Date(jan1).getUTCDay()) % 7) * 86_400_000).toISOString().slice(0, 10);
};
const usDate = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue #3 proof: the driver sees the board read-only and only their own loads; the administrator
 * runs System Management (work weeks, the service URL, the roles & permissions matrix), and taking
 * the load board away from drivers takes it out of the driver's menu until the reset.
 */
describe('the board as a driver, and System Management as the administrator', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    // Whatever happened above, later files find the default permissions.
    await admin?.request.post('/api/General/ResetPermissions', { headers: APP_HEADERS }).catch(() => {});
    for (const c of contexts) await c.close();
  });
  const signedIn = async (email: string) => {
    const context = await b.newContext();
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, email);
    return p;
  };

  let driver: Page;
  let admin: Page;
  const year = new Date().getFullYear();

  it('a driver sees the board read-only, with only the loads they drive', async () => {
    driver = await signedIn(DEMO.driver);
    expect((await readMenu(driver)).map((e) => e.path)).toContain('/app/loadboard');
    await openBoard(driver);
    const table = driver.getByRole('table', { name: 'Loads' });
    await visible(table.getByRole('button', { name: /^View load / }));

    // No adding, no editing, no deleting, and no driver filter.
    expect(await driver.getByRole('button', { name: 'Add Load' }).count()).toBe(0);
    expect(await driver.getByRole('button', { name: /^(Edit|Delete) load / }).count()).toBe(0);
    expect(await selectBox(driver, 'Driver').count()).toBe(0);

    // Every load listed is one of Sam Carter's (driver@demo, unit 101).
    const rows = table.locator('tbody tr:not([data-spacer])');
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) expect(await rows.nth(i).textContent()).toContain('Sam Carter');
    const driverCount = Number((await paginationLabel(driver)).split(' of ')[1]);

    // Opening one shows it without Save.
    const first = rows.first();
    const loadNumber = ((await first.locator('td').first().locator('p, span').first().textContent()) ?? '').trim();
    await first.getByRole('button', { name: `View load ${loadNumber}` }).click();
    const dialog = loadDialog(driver, `Load ${loadNumber}`);
    await visible(dialog);
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Duplicate' }).count()).toBe(0);
    // Read-only: the load as text at full contrast, no inputs.
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    await visible(dialog.getByRole('definition').filter({ hasText: loadNumber }));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The cards carry no edit or delete either.
    await driver.getByRole('button', { name: 'Card view' }).click();
    await visible(driver.getByRole('article', { name: `Load ${loadNumber}`, exact: true }));
    expect(await driver.getByRole('button', { name: /^(Edit|Delete) load / }).count()).toBe(0);

    // The administrator sees more loads in the same week: the driver's are a subset.
    admin = await signedIn(DEMO.admin);
    expect((await currentUser(admin)).company).toBe(COMPANY.demo);
    await openBoard(admin, new URL(driver.url()).search.slice(1).replace('view=cards', 'view=table'));
    const adminCount = Number((await paginationLabel(admin)).split(' of ')[1]);
    expect(adminCount).toBeGreaterThan(driverCount);
  });

  it('work weeks: next year deleted and generated again; a year no select offers is refused; deleting a year with loads is refused', async () => {
    await admin.goto('/app/system-admin');
    await visible(admin.getByRole('tab', { name: 'Work Weeks', selected: true }));
    const next = year + 1;
    // The demo's weeks of next year carry no loads yet: delete them.
    await pick(admin, admin, 'Year', String(next));
    await text(admin, /^5[23] weeks$/);
    await admin.getByRole('button', { name: 'Delete' }).click();
    let confirm = admin.getByRole('dialog', { name: 'Delete work weeks' });
    await visible(confirm.getByText(`Are you sure you want to delete the work weeks of ${next}`));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(admin, 'Weeks deleted successfully');
    await visible(admin.getByText(`No work weeks for ${next}`));

    // A year past two years ahead is refused before anything is sent (2000 to two years ahead may be generated).
    const firstDay = admin.getByLabel('First day of week 1');
    await firstDay.fill(`${year + 3}-01-05`);
    await admin.getByRole('button', { name: 'Generate' }).click();
    await visible(admin.getByText(`Choose a date from 2000 to ${year + 2}`));

    // A Wednesday after this year's last week asks first (two days in no week, another weekday); Cancel.
    const monday = firstMondayOf(next);
    await firstDay.fill(addDays(monday, 2));
    await admin.getByRole('button', { name: 'Generate' }).click();
    const ask = admin.getByRole('dialog', { name: 'Generate these work weeks?' });
    await visible(ask.getByText(/2 days between Week 5[23] .* would be in no work week/));
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });

    // The Monday after this year's last week follows on: generated at once, and the select shows it.
    await firstDay.fill(monday);
    await admin.getByRole('button', { name: 'Generate' }).click();
    await toast(admin, 'Weeks generated successfully');
    await visible(selectBox(admin, 'Year').filter({ hasText: String(next) }));
    await text(admin, /^5[23] weeks$/);
    const table = admin.getByRole('table', { name: `Work weeks of ${next}` });
    await visible(table.getByRole('row').filter({ hasText: usDate(monday) }));

    // Generating the same year again is refused, under the date.
    await admin.getByRole('button', { name: 'Generate' }).click();
    await visible(admin.getByText(`Work weeks for ${next} already exist. Delete them first to generate them again.`));

    // This year's weeks carry loads: refused, and they stay.
    await pick(admin, admin, 'Year', String(year));
    await text(admin, /^5[23] weeks$/);
    await admin.getByRole('button', { name: 'Delete' }).click();
    confirm = admin.getByRole('dialog', { name: 'Delete work weeks' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(admin, new RegExp(`loads? use work weeks of ${year}`), 'error');
    await confirm.waitFor({ state: 'detached' });
    await text(admin, /^5[23] weeks$/);
  });

  it('service: the Service Url is required and must be an address; a good one is saved', async () => {
    await admin.getByRole('tab', { name: 'Service' }).click();
    const field = admin.getByRole('textbox', { name: 'Service Url' });
    await visible(field);
    // The demo's board address, put back at the end so later tests still reach the simulator.
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).not.toBe('');
    const original = await field.inputValue();
    await field.fill('');
    await field.blur();
    await text(admin, 'Field is required');
    await field.fill('loads.example');
    await field.blur();
    await text(admin, 'Enter a valid http:// or https:// address');
    const url = `https://loads.example.test/api/${Date.now().toString(36)}`;
    await field.fill(url);
    await admin.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Service URL saved successfully');
    await admin.reload();
    // The field fills in once the stored address has arrived.
    await expect.poll(() => admin.getByRole('textbox', { name: 'Service Url' }).inputValue(), { timeout: 10_000 }).toBe(url);
    const restored = await admin.request.post(`/api/General/setServiceUrl?url=${encodeURIComponent(original)}`, { headers: APP_HEADERS });
    expect(restored.ok()).toBe(true);
  });

  it('roles & permissions: Load Board set to None for drivers leaves the driver’s menu; reset brings it back', async () => {
    await admin.getByRole('tab', { name: 'Roles & Permissions' }).click();
    await waitForPath(admin, '/app/system-admin');
    await text(admin, 'All permissions are the defaults');
    const cell = 'Driver access to Load Board';
    try {
      await pick(admin, admin, cell, 'None');
      await text(admin, '1 cell differs from the defaults');
      expect(await selectedText(admin, cell)).toBe('None');

      // The driver's next request sees it: after a reload the menu has no Load Board, and the page is refused.
      await driver.reload();
      await visible(driver.getByRole('navigation', { name: 'Main menu' }));
      // The menu first draws from the stored user, then from the server's answer.
      await expect.poll(async () => (await readMenu(driver)).map((e) => e.path), { timeout: 10_000 }).not.toContain('/app/loadboard');
      await driver.goto('/app/loadboard');
      await text(driver, 'You do not have access to this page');
    } finally {
      await admin.getByRole('button', { name: 'Reset to defaults' }).click();
      const confirm = admin.getByRole('dialog', { name: 'Reset permissions' });
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.waitFor({ state: 'detached' });
    }
    await text(admin, 'All permissions are the defaults');
    expect(await selectedText(admin, cell)).toBe('Read');

    await driver.goto('/app/loadboard');
    await boardReady(driver);
    await expect.poll(async () => (await readMenu(driver)).map((e) => e.path), { timeout: 10_000 }).toContain('/app/loadboard');
  });
});
