import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  APP_HEADERS,
  browserToday,
  DEMO,
  dismissToasts,
  fillLoad,
  loadDialog,
  loadRow,
  loadsPage,
  lookup,
  networkQuiet,
  openBoard,
  selectedText,
  signIn,
  signInButton,
  text,
  toast,
  useBrowser,
  visible,
  workWeeks,
} from '../support';

/**
 * Issue #8, forms a dispatcher can trust: each page names its window; the load's week follows its
 * start date; a changed form asks before it is thrown away; what is typed survives the session's
 * end; Clear resets the filters even before a first search; the board searches by broker, city or
 * driver.
 */
describe('forms a dispatcher can trust', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  let page: Page;
  let context: BrowserContext;

  it('a signed-out visitor on / and /login is an expected state: no 401 asked for, nothing in the console', async () => {
    const visitor = await b.newContext();
    contexts.push(visitor);
    const tab = await visitor.newPage();
    const refused: string[] = [];
    const logged: string[] = [];
    tab.on('response', (r) => {
      if (r.status() === 401) refused.push(r.url());
    });
    tab.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    for (const path of ['/', '/login']) {
      await tab.goto(path);
      await visible(signInButton(tab));
      await tab.waitForTimeout(500);
    }
    expect(refused).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('names each page in the window title, the print view by company and week', async () => {
    context = await b.newContext();
    contexts.push(context);
    page = await context.newPage();
    await signIn(page, DEMO.admin);
    await openBoard(page);
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('Load Board · Haulboard');
    await page.goto('/app/broker-admin');
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('Broker Management · Haulboard');
    await openBoard(page);
    await page.getByRole('button', { name: 'Print' }).click();
    await page.waitForURL(/weekly-printview/);
    await expect.poll(() => page.title(), { timeout: 20_000 }).toMatch(/^Demo Freight LLC · \d{4} Week \d+ · Weekly load report · Haulboard$/);
  });

  it('the week follows the start date until picked by hand; a start date outside it asks before saving', async () => {
    await openBoard(page);
    const year = new Date().getFullYear();
    const weeks = await workWeeks(page, year);
    const today = new Date().toISOString().slice(0, 10);
    const index = weeks.findIndex((w) => w.startDate <= today && today <= w.endDate);
    const later = weeks[index + 1] ?? weeks[index - 1];
    await page.getByRole('button', { name: 'Add Load' }).click();
    const dialog = loadDialog(page, 'Add load');
    await visible(dialog);
    await dialog.locator('#load-loadStartDate').fill(`${later.startDate}T08:00`);
    await expect.poll(() => selectedText(dialog, 'Work week'), { timeout: 20_000 }).toContain(`Week ${later.number}`);

    // Picked by hand, the week stays; the start date outside it is a warning.
    const other = weeks[index];
    await dialog.getByLabel('Work week').click();
    await page.getByRole('listbox').getByRole('option', { name: new RegExp(`^Week ${other.number}\\b`) }).click();
    await dialog.locator('#load-loadStartDate').fill(`${later.startDate}T09:00`);
    await expect.poll(() => selectedText(dialog, 'Work week'), { timeout: 20_000 }).toContain(`Week ${other.number}`);
    await visible(dialog.getByText(new RegExp(`is outside week ${other.number}`)));

    // Cancel on a changed form asks first; Keep editing keeps everything.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
    await visible(ask);
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await dialog.locator('#load-loadStartDate').inputValue()).toBe(`${later.startDate}T09:00`);
    await page.keyboard.press('Escape');
    await visible(ask);
    await ask.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('what is typed in a dialog comes back after the session ends and the person signs in again', async () => {
    await page.goto('/app/broker-admin');
    await visible(page.getByRole('heading', { name: 'Broker Management' }));
    await page.getByRole('button', { name: /Add broker/i }).click();
    const dialog = page.getByRole('dialog', { name: 'Add broker' });
    await visible(dialog);
    const name = `Draft Haulers ${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: 'Broker name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Address' }).fill('1 Draft Way');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Austin');
    // The state starts at California (spec): Austin is not there, and the form says so.
    await visible(dialog.getByText('No city named Austin in California in the US city list: check the city and the state'));
    await dialog.getByRole('textbox', { name: 'Zip code' }).fill('73301');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('5125550100');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('draft@haulers.test');
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('Typed before the session ended');

    // The session ends on the server side (its cookie is gone); the next request answers 401. That
    // is Save's, or a background request's (the app's alert polling) when it comes first: either
    // way the page goes to sign-in and keeps what was typed.
    await context.clearCookies();
    const signInPage = page.waitForURL(/\/login/, { timeout: 30_000 });
    // One click, now, without Playwright's waiting: a click that waited for a Save button would
    // otherwise land on the restored dialog's Save after signing in again.
    await page
      .evaluate(() => {
        const save = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find((b) => b.textContent?.trim() === 'Save');
        save?.click();
      })
      .catch(() => undefined);
    await signInPage;
    await signInButton(page).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.locator('input[name="login"]').fill(DEMO.admin);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/app\/broker-admin/, { timeout: 30_000 });

    const again = page.getByRole('dialog', { name: 'Add broker' });
    await visible(again);
    await text(page, 'Brought back what you typed before your session ended');
    expect(await again.getByRole('textbox', { name: 'Broker name' }).inputValue()).toBe(name);
    expect(await again.getByRole('textbox', { name: 'Comments' }).inputValue()).toBe('Typed before the session ended');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click();
    await again.waitFor({ state: 'detached' });
    // Discarded means gone: the page opens without it next time.
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Broker Management' }));
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog', { name: 'Add broker' }).count()).toBe(0);
  });

  it('Clear resets every filter, even before a first search; the board searches by broker, city or driver', async () => {
    await openBoard(page);
    const filters = page.getByRole('search', { name: 'Load filters' });
    const box = filters.getByRole('textbox', { name: 'Broker, city or driver' });
    await box.fill('Dallas');
    await filters.getByRole('textbox', { name: 'Load number' }).fill('NOPE');
    await filters.getByRole('button', { name: 'Clear' }).click();
    expect(await box.inputValue()).toBe('');
    expect(await filters.getByRole('textbox', { name: 'Load number' }).inputValue()).toBe('');

    // Reversed dates keep Search disabled; Clear still resets them (and every other filter).
    await filters.getByLabel('Start date').fill('2026-03-20');
    await filters.getByLabel('End date').fill('2026-03-10');
    expect(await filters.getByRole('button', { name: 'Search' }).isDisabled()).toBe(true);
    await filters.getByRole('button', { name: 'Clear' }).click();
    expect(await filters.getByLabel('Start date').inputValue()).toBe('');
    expect(await filters.getByLabel('End date').inputValue()).toBe('');
    expect(await filters.getByRole('button', { name: 'Search' }).isDisabled()).toBe(false);

    await box.fill('Dallas');
    await filters.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === 'Dallas');
    // What the board shows is what the server selects for that text: loads whose broker, city or driver holds it.
    const answer = await loadsPage(page, { search: 'Dallas', weekId: 0, driverId: 0, page: 0, pageSize: 1000 });
    expect(answer.total).toBeGreaterThan(0);
    for (const row of answer.rows as any[]) {
      const haystack = [row.brokerName, row.originCity, row.destinationCity, row.loadDriverNames].join(' ').toLowerCase();
      expect(haystack).toContain('dallas');
    }
  });

  it('load history keeps its search in the URL and opens a load from its row', async () => {
    await page.goto('/app/load-history');
    await visible(page.getByRole('heading', { name: 'Load History' }));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.has('year'));
    const url = page.url();
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Load History' }));
    expect(page.url()).toBe(url);
    const row = page.getByRole('table', { name: 'Load history' }).locator('tbody tr').first();
    await visible(row);
    // The reload's search answers before the row is clicked: a row replaced mid-click opens nothing.
    await networkQuiet(page);
    await row.click();
    await page.waitForURL((u) => u.pathname === '/app/loadboard');
    await visible(page.getByRole('dialog'));
  });

  it('a double click on Save creates one broker, with one success toast', async () => {
    await page.goto('/app/broker-admin');
    await visible(page.getByRole('heading', { name: 'Broker Management' }));
    await page.getByRole('button', { name: /Add broker/i }).click();
    const dialog = page.getByRole('dialog', { name: 'Add broker' });
    await visible(dialog);
    const name = `Twice Clicked ${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: 'Broker name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Address' }).fill('2 Double Rd');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Los Angeles');
    await dialog.getByRole('textbox', { name: 'Zip code' }).fill('90001');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('2135550100');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('twice@haulers.test');
    await dialog.getByRole('button', { name: 'Save' }).dblclick();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForTimeout(1000);
    expect(await page.locator('.Toastify__toast--success').count()).toBe(1);
    expect(await page.locator('.Toastify__toast--error').count()).toBe(0);
    const list = await page.request.get('/api/Broker');
    const brokers = (await list.json()) as { brokerName: string }[];
    expect(brokers.filter((x) => x.brokerName === name)).toHaveLength(1);
  });

  it('over-long text says its limit as the person types, and Save waits', async () => {
    await page.getByRole('button', { name: /Add broker/i }).click();
    const dialog = page.getByRole('dialog', { name: 'Add broker' });
    await visible(dialog);
    const field = dialog.getByRole('textbox', { name: 'Broker name' });
    // Said while typing, before the field is left.
    await field.fill('x'.repeat(250));
    await visible(dialog.getByText('At most 200 characters'));
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('two tabs: after a company switch in one, the other never saves into a company it does not show', async () => {
    const tabA = page;
    await tabA.goto('/app/broker-admin');
    await visible(tabA.getByRole('heading', { name: 'Broker Management' }));
    await tabA.getByRole('button', { name: /Add broker/i }).click();
    const dialog = tabA.getByRole('dialog', { name: 'Add broker' });
    await visible(dialog);
    const name = `Wrong Tab ${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: 'Broker name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Address' }).fill('3 Tab St');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Los Angeles');
    await dialog.getByRole('textbox', { name: 'Zip code' }).fill('90001');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('2135550100');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('tab@haulers.test');

    const tabB = await context.newPage();
    await tabB.goto('/app/broker-admin');
    await visible(tabB.getByRole('heading', { name: 'Broker Management' }));
    await tabB.getByRole('combobox', { name: 'Company' }).click();
    await tabB.getByRole('option', { name: 'Second Haul Inc' }).click();
    await expect.poll(() => tabB.getByRole('combobox', { name: 'Company' }).textContent(), { timeout: 20_000 }).toContain('Second Haul Inc');

    // Tab A still shows Demo Freight. Its Save is refused (or the tab already noticed on its own
    // next request): either way it says so and reloads into the active company, and nothing is saved.
    await dialog
      .getByRole('button', { name: 'Save' })
      .click({ timeout: 3_000 })
      .catch(() => {});
    await expect.poll(() => tabA.getByRole('combobox', { name: 'Company' }).textContent(), { timeout: 30_000 }).toContain('Second Haul Inc');
    const list = (await (await tabA.request.get('/api/Broker')).json()) as { brokerName: string }[];
    expect(list.some((x) => x.brokerName === name)).toBe(false);
    await tabB.close();
  });

  it('a doubled load Save creates one load; a doubled delete confirm deletes once, without "not found"', async () => {
    // A fresh tab of the dispatcher: the tabs above switched the administrator's company.
    const own = await b.newContext();
    contexts.push(own);
    const tab = await own.newPage();
    await signIn(tab, DEMO.dispatcher);
    await openBoard(tab);
    const today = await browserToday(tab);
    const [broker] = await lookup(tab, 'GetBrokerList');
    const loadNumber = `TWICE-${Date.now().toString(36).toUpperCase()}`;
    await tab.getByRole('button', { name: 'Add Load' }).click();
    const dialog = loadDialog(tab, 'Add load');
    await visible(dialog);
    await fillLoad(tab, dialog, {
      loadNumber,
      status: 'Booked',
      broker: broker.label,
      start: `${today}T08:00`,
      end: `${today}T18:00`,
      originCity: 'Dallas',
      originState: 'Texas',
      destinationCity: 'Memphis',
      destinationState: 'Tennessee',
      miles: '450',
      stops: '2',
      pricePerMile: '2.20',
    });
    await dismissToasts(tab);
    await dialog.getByRole('button', { name: 'Save' }).dblclick();
    await toast(tab, 'Load updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await tab.waitForTimeout(1000);
    expect(await tab.locator('.Toastify__toast--success').count()).toBe(1);
    expect(await tab.locator('.Toastify__toast--error').count()).toBe(0);
    const found = await loadsPage(tab, { loadNumber, weekId: 0, driverId: 0, page: 0, pageSize: 100 });
    expect(found.rows.filter((r) => r.loadNumber === loadNumber)).toHaveLength(1);

    // The load's delete, confirmed with a double click.
    const row = loadRow(tab, loadNumber);
    await visible(row);
    await dismissToasts(tab);
    await row.getByRole('button', { name: `Delete load ${loadNumber}` }).click();
    const confirmLoad = tab.getByRole('dialog', { name: 'Delete load' });
    await visible(confirmLoad);
    await confirmLoad.getByRole('button', { name: 'Confirm' }).dblclick();
    await toast(tab, 'Load deleted successfully');
    await confirmLoad.waitFor({ state: 'detached' });
    await tab.waitForTimeout(1000);
    expect(await tab.locator('.Toastify__toast--success').count()).toBe(1);
    expect(await tab.locator('.Toastify__toast--error').count()).toBe(0);
    expect((await loadsPage(tab, { loadNumber, weekId: 0, driverId: 0, page: 0, pageSize: 100 })).rows.filter((r) => r.loadNumber === loadNumber)).toHaveLength(0);

    // A broker without loads, deleted with a double click on Confirm.
    const brokerName = `Delete Twice ${Date.now().toString(36)}`;
    const created = await tab.request.post('/api/Broker/AddUpdateBroker', {
      headers: APP_HEADERS,
      data: { brokerId: 0, brokerName, brokerAddress: '4 Gone Rd', brokerCity: 'Los Angeles', brokerStateId: 5, brokerZipCode: '90001', phoneNumber: '2135550100', email: 'gone@haulers.test' },
    });
    expect(created.ok()).toBe(true);
    await tab.goto('/app/broker-admin');
    await visible(tab.getByRole('heading', { name: 'Broker Management' }));
    await dismissToasts(tab);
    await tab.getByRole('button', { name: `Delete ${brokerName}` }).click();
    const confirmBroker = tab.getByRole('dialog', { name: 'Delete broker' });
    await visible(confirmBroker);
    await confirmBroker.getByRole('button', { name: 'Confirm' }).dblclick();
    await toast(tab, 'Broker deleted successfully');
    await confirmBroker.waitFor({ state: 'detached' });
    await tab.waitForTimeout(1000);
    expect(await tab.locator('.Toastify__toast--success').count()).toBe(1);
    expect(await tab.locator('.Toastify__toast--error').count()).toBe(0);
    const brokers = (await (await tab.request.get('/api/Broker')).json()) as { brokerName: string }[];
    expect(brokers.some((x) => x.brokerName === brokerName)).toBe(false);
  });
});
