import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  boardReady,
  browserToday,
  COMPANY,
  DEMO,
  dismissToasts,
  fillLoad,
  loadDialog,
  loadRow,
  openBoard,
  openLoadEditor,
  paginationLabel,
  parseCsv,
  selectBox,
  selectedText,
  signIn,
  type TWeek,
  text,
  toast,
  useBrowser,
  visible,
  waitForPath,
  weekOn,
} from '../support';

/**
 * Issue #3 proof, the dispatcher's day: a new broker (the spec's messages, Save disabled while
 * invalid), a load with that broker, edited, duplicated (a taken load number is refused first),
 * the card view, Print, Export (file name and content), the refusals (a broker with loads, two
 * people saving the same load) and deleting. One signed-in page carries the whole flow.
 */
describe('a dispatcher works the load board', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const brokerName = `E2E Haul Brokers ${suffix}`;
  const loadNumber = `E2E-${suffix}`;
  const copyNumber = `${loadNumber}-B`;
  const year = new Date().getFullYear();

  let page: Page;
  let week: TWeek;
  let today: string;

  const signedIn = async (email: string) => {
    const context = await b.newContext();
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, email);
    return p;
  };

  /** The board filtered to this week and the test's load numbers (both contain `loadNumber`). */
  const boardOfTestLoads = () => openBoard(page, `year=${year}&weekId=${week.weekId}&loadNumber=${encodeURIComponent(loadNumber)}`);

  it('adds a broker: the spec’s messages show, Save stays disabled until the form is valid', async () => {
    page = await signedIn(DEMO.dispatcher);
    await page.goto('/app/broker-admin');
    await visible(page.getByRole('table', { name: 'Brokers' }).getByRole('row').nth(1));
    await page.getByRole('button', { name: 'Add broker' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add broker' });
    await visible(dialog);
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    // Spec §9: a new broker's state is id 5.
    await visible(selectBox(dialog, 'State').filter({ hasText: 'California' }));

    // Leaving each required field empty shows its message.
    for (const label of ['Broker name', 'Address', 'City', 'Zip code', 'Phone number', 'Email']) {
      await dialog.getByRole('textbox', { name: label }).click();
      await dialog.getByRole('textbox', { name: label }).blur();
    }
    for (const message of ['Brokers name is required', 'Address is required', 'City is required', 'ZipCode is required']) {
      await visible(dialog.getByText(message, { exact: true }));
    }
    expect(await dialog.getByText('Required', { exact: true }).count()).toBe(2);
    expect(await save.isDisabled()).toBe(true);

    // A backdrop click does not close it.
    await page.mouse.click(5, 5);
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('textbox', { name: 'Broker name' }).fill(brokerName);
    await dialog.getByRole('textbox', { name: 'Address' }).fill('500 Commerce St');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Dallas');
    await dialog.getByRole('textbox', { name: 'Zip code' }).fill('75202');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('2145550100');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('loads@e2e-haul.test');
    await dialog.getByRole('textbox', { name: 'MC number' }).fill('123456');
    expect(await dialog.getByText('Brokers name is required').count()).toBe(0);
    await visible(save.and(page.locator(':enabled')));
    await dismissToasts(page);
    await save.click();
    await toast(page, 'Broker updated successfully');
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: brokerName });
    await visible(row);
    expect(await row.textContent()).toContain('500 Commerce St');
  });

  it('adds a load with that broker; the payout is offered as price per mile × miles', async () => {
    await openBoard(page);
    today = await browserToday(page);
    week = await weekOn(page, today);
    // The default filter is this work year and the week holding today.
    expect(new URL(page.url()).searchParams.get('weekId')).toBe(String(week.weekId));

    await page.getByRole('button', { name: 'Add Load' }).click();
    const dialog = loadDialog(page, 'Add load');
    await visible(dialog);
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await fillLoad(page, dialog, {
      loadNumber,
      status: 'Booked',
      broker: brokerName,
      start: `${today}T08:00`,
      end: `${today}T18:30`,
      originCity: 'Dallas',
      originState: 'Texas',
      destinationCity: 'Memphis',
      destinationState: 'Tennessee',
      miles: '600',
      stops: '2',
      pricePerMile: '2.50',
      driver: '103 - James Whitfield',
    });
    expect(await dialog.locator('#load-payout').inputValue()).toBe('1500.00');
    expect(await selectedText(dialog, 'Work week')).toContain(`Week ${week.number}`);
    await dismissToasts(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Load updated successfully');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: 'Load number' }).fill(loadNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    await boardReady(page);
    const row = loadRow(page, loadNumber);
    await visible(row);
    const cells = (await row.textContent()) ?? '';
    expect(cells).toContain('$1,500.00');
    expect(cells).toContain('Dallas, TX');
    expect(cells).toContain('Memphis, TN');
    expect(cells).toContain('James Whitfield');
    expect(cells).toContain(brokerName);
    await visible(page.getByTestId('board-total').filter({ hasText: /^\$1,500\.00$/ }));
    expect(await paginationLabel(page)).toBe('1–1 of 1');
  });

  it('edits it: a new price per mile gives a new payout', async () => {
    const dialog = await openLoadEditor(page, loadNumber);
    await dialog.locator('#load-pricePerMile').fill('2.75');
    expect(await dialog.locator('#load-payout').inputValue()).toBe('1650.00');
    await dialog.locator('#load-comments').fill('Lumper paid by broker');
    await dismissToasts(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Load updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await visible(loadRow(page, loadNumber).filter({ hasText: '$1,650.00' }));
  });

  it('duplicates it: a taken load number is refused, a new one adds a second load and keeps the first', async () => {
    let dialog = await openLoadEditor(page, loadNumber);
    // The same number again is refused with an ERROR toast; the dialog keeps the data.
    await dismissToasts(page);
    await dialog.getByRole('button', { name: 'Duplicate' }).click();
    await toast(page, `Load number ${loadNumber} already exists`, 'error');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.locator('#load-loadNumber').inputValue()).toBe(loadNumber);

    await dialog.locator('#load-loadNumber').fill(copyNumber);
    await dismissToasts(page);
    await dialog.getByRole('button', { name: 'Duplicate' }).click();
    await toast(page, 'Load updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await visible(loadRow(page, copyNumber).filter({ hasText: '$1,650.00' }));
    await visible(loadRow(page, loadNumber).filter({ hasText: '$1,650.00' }));
    expect(await paginationLabel(page)).toBe('1–2 of 2');

    // Adding a load under a number that exists is refused too.
    await page.getByRole('button', { name: 'Add Load' }).click();
    dialog = loadDialog(page, 'Add load');
    await visible(dialog);
    await fillLoad(page, dialog, {
      loadNumber: copyNumber,
      status: 'Booked',
      broker: brokerName,
      start: `${today}T09:00`,
      end: `${today}T17:00`,
      originCity: 'Tulsa',
      originState: 'Oklahoma',
      destinationCity: 'Wichita',
      destinationState: 'Kansas',
      miles: '180',
      stops: '2',
      pricePerMile: '3',
    });
    await dismissToasts(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, `Load number ${copyNumber} already exists`, 'error');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await paginationLabel(page)).toBe('1–2 of 2');
  });

  it('switches to the card view: the load’s card shows', async () => {
    await boardOfTestLoads();
    await page.getByRole('button', { name: 'Card view' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'cards');
    const card = page.getByRole('article', { name: `Load ${loadNumber}`, exact: true });
    await visible(card);
    const content = (await card.textContent()) ?? '';
    expect(content).toContain('$1,650.00');
    expect(content).toContain('Dallas, TX');
    expect(content).toContain('Memphis, TN');
    expect(content).toContain('James Whitfield');
    expect(content).toContain('Booked');
    expect(content).toContain('Lumper paid by broker');
    await visible(page.getByRole('article', { name: `Load ${copyNumber}`, exact: true }));
    await page.getByRole('button', { name: 'Table view' }).click();
    await visible(page.getByRole('table', { name: 'Loads' }));
  });

  it('prints: the weekly print view shows the company, the week and the filtered loads', async () => {
    await page.getByRole('button', { name: 'Print' }).click();
    await waitForPath(page, '/app/accounting/weekly-printview');
    await visible(page.getByRole('heading', { level: 1, name: COMPANY.demo }));
    await text(page, `${year} Week ${week.number}`);
    const report = page.locator('.weekly-report');
    await visible(report.getByText(loadNumber, { exact: true }));
    await visible(report.getByText(copyNumber, { exact: true }));
    await visible(report.getByRole('heading', { name: '103 - James Whitfield' }));
    expect((await page.getByTestId('report-grand-total').textContent())?.trim()).toBe('$3,300.00');
    await text(page, /Grand total · 2 loads · 1,200 miles/);
    await page.getByRole('link', { name: 'Back to the board' }).click();
    await boardReady(page);
    await visible(loadRow(page, loadNumber));
  });

  it('exports: the file is named after the company and the week and holds the payout matrix', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe(`${COMPANY.demo} - ${year} Week ${week.number}.csv`);
    const file = await download.path();
    const rows = parseCsv(fs.readFileSync(file, 'utf8'));
    expect(rows[0]).toEqual(['Load Number', '101', '102', '103', '104', '105', '106', 'Other']);
    const unit103 = rows[0].indexOf('103');
    const line = (number: string) => rows.find((r) => r[0] === number);
    for (const number of [loadNumber, copyNumber]) {
      const cells = line(number);
      expect(cells, `a row for ${number}`).toBeDefined();
      expect(cells![unit103]).toBe('1650.00');
      expect(cells!.filter((c, i) => i > 0 && i !== unit103 && c !== '')).toEqual([]);
    }
    const totals = line('Totals');
    expect(totals).toEqual(['Totals', '0.00', '0.00', '3300.00', '0.00', '0.00', '0.00', '0.00']);
    expect(rows.length).toBe(4);
  });

  it('a broker with loads cannot be deleted: the ERROR toast says so and the broker stays', async () => {
    await page.goto('/app/broker-admin');
    const row = page.getByRole('row').filter({ hasText: brokerName });
    await visible(row);
    await row.getByRole('button', { name: `Delete ${brokerName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete broker' });
    await visible(confirm.getByText(`Are you sure you want to delete ${brokerName}`));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, `${brokerName} has loads and cannot be deleted`, 'error');
    await confirm.waitFor({ state: 'detached' });
    await page.reload();
    await visible(page.getByRole('row').filter({ hasText: brokerName }));
  });

  it('two people edit one load: the second save is refused and that dialog stays open', async () => {
    const other = await signedIn(DEMO.admin);
    const query = `year=${year}&weekId=${week.weekId}&loadNumber=${encodeURIComponent(copyNumber)}`;
    await openBoard(other, query);
    await boardOfTestLoads();
    const mine = await openLoadEditor(page, copyNumber);
    const theirs = await openLoadEditor(other, copyNumber);

    await mine.locator('#load-numberOfStops').fill('3');
    await dismissToasts(page);
    await mine.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Load updated successfully');
    await mine.waitFor({ state: 'detached' });

    await theirs.locator('#load-comments').fill('Appointment moved to 14:00');
    await theirs.getByRole('button', { name: 'Save' }).click();
    await toast(other, /changed by someone else/, 'error');
    await other.waitForTimeout(300);
    expect(await theirs.isVisible()).toBe(true);
    expect(await theirs.locator('#load-comments').inputValue()).toBe('Appointment moved to 14:00');
    await theirs.getByRole('button', { name: 'Cancel' }).click();
    await theirs.waitFor({ state: 'detached' });

    // Nothing was overwritten: the first save holds.
    await other.reload();
    await boardReady(other);
    const row = loadRow(other, copyNumber);
    await visible(row);
    await row.getByRole('button', { name: `Edit load ${copyNumber}` }).click();
    const again = loadDialog(other, `Edit load ${copyNumber}`);
    await visible(again);
    expect(await again.locator('#load-numberOfStops').inputValue()).toBe('3');
    expect(await again.locator('#load-comments').inputValue()).toBe('Lumper paid by broker');
    await other.context().close();
  });

  it('deletes it: the confirmation names the load, the toast confirms, the board no longer lists it', async () => {
    await boardOfTestLoads();
    const row = loadRow(page, loadNumber);
    await visible(row);
    await row.getByRole('button', { name: `Delete load ${loadNumber}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete load' });
    await visible(confirm.getByText(`Are you sure you want to delete ${loadNumber}`, { exact: true }));
    await dismissToasts(page);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Load deleted successfully');
    await confirm.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await visible(loadRow(page, copyNumber));
    expect(await paginationLabel(page)).toBe('1–1 of 1');

    // Clean up: the copy, then the broker, which has no loads any more and so can go.
    await loadRow(page, copyNumber).getByRole('button', { name: `Delete load ${copyNumber}` }).click();
    await page.getByRole('dialog', { name: 'Delete load' }).getByRole('button', { name: 'Confirm' }).click();
    await visible(page.getByText('No loads match these filters'));
    await page.goto('/app/broker-admin');
    const brokerRow = page.getByRole('row').filter({ hasText: brokerName });
    await dismissToasts(page);
    await brokerRow.getByRole('button', { name: `Delete ${brokerName}` }).click();
    await page.getByRole('dialog', { name: 'Delete broker' }).getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Broker deleted successfully');
    await brokerRow.waitFor({ state: 'detached' });
  });
});
