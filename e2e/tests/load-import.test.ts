import { afterAll, describe, expect, it } from 'vitest';
import { APP_HEADERS, browserToday, DEMO, dismissToasts, pick, shootPage, shootScreen, signIn, useBrowser, visible, weekOn } from '../support';

/**
 * "Imports that say everything they did", the web part: a loads spreadsheet naming a broker and a
 * driver the company does not have. The page marks those rows, offers a picker per name (an
 * existing broker, Create broker, a driver or No driver), keeps Import disabled until each is
 * chosen, lists the row outside the week and the row it could not read, and keeps the save's
 * counts. Screenshots at 1280 and 390 px.
 */

const HEADER = ['Load #', 'Pickup', 'Delivery', 'From', 'From ST', 'To', 'To ST', 'Miles', 'Rate', 'Driver', 'Broker'];
const MAPPING = {
  loadNumber: 'Load #',
  startDate: 'Pickup',
  endDate: 'Delivery',
  originCity: 'From',
  originState: 'From ST',
  destinationCity: 'To',
  destinationState: 'To ST',
  miles: 'Miles',
  payout: 'Rate',
  driver: 'Driver',
  broker: 'Broker',
};
const dayAfter = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

describe.each([1280, 390])('load import of a sheet with a broker and a driver nobody has, at %i px', (width) => {
  const b = useBrowser();
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of closing) await c();
  });

  it('asks for a broker and a driver, creates the broker, and says what it imported, skipped and refused', async () => {
    const stamp = `${Date.now().toString(36).slice(-5)}${width}`;
    const context = await b.newContext({ width, theme: 'light', colorScheme: 'light' });
    closing.push(() => context.close());
    const page = await context.newPage();
    await signIn(page, DEMO.admin);
    const week = await weekOn(page, await browserToday(page));
    const year = Number(week.startDate.slice(0, 4));
    const broker = `Acme Freight ${stamp}`;
    const csv = [
      HEADER.join(','),
      `E2E-${stamp}-1,${dayAfter(week.startDate, 1)} 08:00,${dayAfter(week.startDate, 1)} 17:00,Dallas,TX,Houston,TX,239,"1,250.00",Bob Unknown ${stamp},${broker}`,
      `E2E-${stamp}-2,${dayAfter(week.startDate, 2)} 06:00,${dayAfter(week.startDate, 2)} 14:00,Memphis,TN,Atlanta,GA,393,980.40,,${broker.toUpperCase()}`,
      `E2E-${stamp}-3,${dayAfter(week.startDate, -3)} 06:00,${dayAfter(week.startDate, -3)} 12:00,Tracy,CA,Fresno,CA,150,400,,${broker}`,
      `E2E-${stamp}-4,${dayAfter(week.startDate, 3)} 06:00,${dayAfter(week.startDate, 3)} 12:00,Tracy,CA,Fresno,CA,150,abc,,${broker}`,
    ].join('\n');
    const preset = await page.request.post('/api/Imports/Presets', { headers: APP_HEADERS, data: { kind: 'loads', name: `E2E sheet ${stamp}`, headers: HEADER, mapping: MAPPING } });
    expect(preset.ok()).toBe(true);

    await page.goto('/app/accounting/load-import');
    await visible(page.getByRole('heading', { name: 'Load Import' }));
    await pick(page, page, 'Work year', String(year));
    await pick(page, page, 'Week', week.label);
    await page.getByLabel('Trips file or loads spreadsheet').setInputFiles({ name: `loads-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const choices = page.getByRole('region', { name: 'Brokers and drivers to choose' });
    await visible(choices);
    await visible(page.getByRole('alert', { name: 'Skipped rows' }).getByText(`E2E-${stamp}-3: dated`));
    await visible(page.getByRole('alert', { name: 'Refused rows' }));
    const importButton = page.getByRole('button', { name: 'Import Loads' });
    expect(await importButton.isDisabled()).toBe(true);
    await dismissToasts(page);
    await shootPage(page, 'load-import-choices');

    await pick(page, choices.getByRole('group', { name: `Broker “${broker}”` }), 'Broker', `Create broker “${broker}”…`);
    const dialog = page.getByRole('dialog', { name: 'Create broker' });
    await visible(dialog);
    for (const [label, value] of [
      ['Address', '1 Dock St'],
      ['City', 'Chicago'],
      ['Zip code', '60601'],
      ['Phone number', '3125550100'],
      ['Email', 'ops@acme.test'],
    ])
      await dialog.getByRole('textbox', { name: label, exact: false }).first().fill(value);
    await shootScreen(page, 'load-import-new-broker');
    await dialog.getByRole('button', { name: 'Use this broker' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await importButton.isDisabled()).toBe(true);
    await pick(page, choices.getByRole('group', { name: `Driver “Bob Unknown ${stamp}”` }), 'Driver', 'No driver');
    await visible(choices.getByText('Every load has its broker and driver.'));
    await importButton.click();
    const result = page.getByRole('status', { name: 'Import result' });
    await visible(result);
    expect(await result.textContent()).toBe(
      `2 loads imported, broker ${broker} created, 1 skipped (outside the week), 1 refused (Row 5: the payout "abc" is not an amount)`,
    );
    await dismissToasts(page);
    await shootPage(page, 'load-import-result');
  });
});
