import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, describeFindings, dismissToasts, readMenu, SHOT_VARIANTS, seriousA11yViolations, shoot, signIn, text, toast, useBrowser, visible } from '../support';

/**
 * Issue #9, fuel cards and IFTA: a dispatcher uploads a real EFS fuel-card export, sees the preview
 * (layout, counts, the refused and flagged rows), confirms, finds the lines in the table (DEF marked
 * non-IFTA), uploads the same file again and is told nothing is new; maps a file in an unknown
 * layout and saves the mapping as a preset; uploads the quarter's IFTA miles; the IFTA report shows
 * the totals worked out by hand below. A driver has none of these pages.
 */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/imports/fixtures');
const fixture = (name: string) => path.join(fixtures, name);

/** A fixture without its bad rows (an impossible date, a made-up jurisdiction), under the same name, so it imports whole. */
function cleaned(name: string, bad: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-fuel-')), name);
  fs.writeFileSync(file, fs.readFileSync(fixture(name), 'utf8').split('\n').filter((line) => !line.includes(bad)).join('\n'));
  return file;
}

/** A fuel export in a layout no vendor rule knows (Spanish headers), for the mapping step. */
function unknownLayoutFile(header = 'Fecha,Camion,Estado,Producto,Galones,Importe') {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-fuel-')), 'tarjeta_combustible.csv');
  fs.writeFileSync(file, [header, '09/15/2025,101,NM,ULSD,95.5,341.40', '09/16/2025,101,AZ,ULSD,88.25,318.02', ''].join('\n'));
  return file;
}

/*
 * The report for Q3 2025, by hand from the two fixture files (only IFTA diesel counts):
 *   gallons: 120.500 (101, TX) + 1,101.250 (102, OK) − 50.000 (102, OK, a refund) = 1,171.75 → 1,172
 *   miles:   4,212.4 (101 TX) + 1,890.7 (101 OK) + 2,250.0 (102 TX) + 310.25 (102 ON) = 8,663.35 → 8,663
 *   MPG:     8,663.35 ÷ 1,171.75 = 7.3935… → 7.39
 */
const Q3_2025 = '?year=2025&quarter=3';

async function uploadFile(page: Page, file: string) {
  await page.getByLabel('File to import').setInputFiles(file);
  const region = page.getByRole('region', { name: `Preview of ${path.basename(file)}` });
  await visible(region, 30_000);
  return region;
}

describe('a dispatcher imports fuel and miles and reads the IFTA report', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  let page: Page;

  it('uploads an EFS export: the preview shows the layout, the counts and the problem rows; corrected, Confirm imports it', async () => {
    const context = await b.newContext();
    contexts.push(context);
    page = await context.newPage();
    await signIn(page, DEMO.dispatcher);
    await page.goto(`/app/accounting/fuel-import${Q3_2025}`);
    await visible(page.getByRole('heading', { name: 'Fuel Import' }));

    const region = await uploadFile(page, fixture('fuel_efs_2025Q3.csv'));
    await visible(region.getByText('Layout: EFS (WEX)'));
    const counts = await region.getByRole('list', { name: 'Counts' }).textContent();
    for (const c of ['Rows read: 6', 'New: 4', 'Duplicates: 1', 'Flagged: 1', 'Refused: 1']) expect(counts).toContain(c);
    const rows = region.getByRole('table', { name: 'Preview rows' });
    await visible(rows.getByRole('row').filter({ hasText: '13/45/2025' }).filter({ hasText: 'Refused' }));
    await visible(rows.getByRole('row').filter({ hasText: 'DEF' }).filter({ hasText: 'Flagged' }));

    const download = page.waitForEvent('download');
    await region.getByRole('button', { name: 'Download problems (CSV)' }).click();
    const report = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(report).toContain('13/45/2025');
    // A file is imported whole or not at all.
    expect(await region.getByRole('button', { name: 'Confirm import' }).isDisabled()).toBe(true);
    await region.getByRole('button', { name: 'Cancel' }).click();

    const corrected = await uploadFile(page, cleaned('fuel_efs_2025Q3.csv', '13/45/2025'));
    expect(await corrected.getByRole('list', { name: 'Counts' }).textContent()).toContain('Refused: 0');
    await corrected.getByRole('button', { name: 'Confirm import' }).click();
    await toast(page, 'Imported 4 fuel lines');
    await corrected.waitFor({ state: 'detached' });
    await dismissToasts(page);

    const table = page.getByRole('table', { name: 'Fuel lines' });
    const big = table.getByRole('row').filter({ hasText: '1,101.250' });
    await visible(big);
    expect(await big.textContent()).toMatch(/08\/02\/2025.*102.*Diesel.*\$3,699\.10.*Oklahoma/);
    await visible(table.getByRole('row').filter({ hasText: 'DEF' }).filter({ hasText: 'Non-IFTA' }));
    // The history is folded under the lines until opened.
    await page.getByRole('button', { name: /^Import history \(\d+\)$/ }).click();
    await visible(page.getByRole('table', { name: 'Import history' }).getByRole('row').filter({ hasText: 'fuel_efs_2025Q3.csv' }));
  });

  it('the same file again adds nothing and says so', async () => {
    const region = await uploadFile(page, cleaned('fuel_efs_2025Q3.csv', '13/45/2025'));
    expect(await region.getByRole('list', { name: 'Counts' }).textContent()).toContain('New: 0');
    await region.getByRole('button', { name: 'Confirm import' }).click();
    await toast(page, 'Nothing new in this file: every row is already imported', 'info');
    await dismissToasts(page);
    expect(await page.getByRole('table', { name: 'Fuel lines' }).getByRole('row').filter({ hasText: '1,101.250' }).count()).toBe(1);
  });

  it('undo removes exactly the rows of that import', async () => {
    // Pilot's export of the same fills is another vendor's record: new to the pipeline.
    const region = await uploadFile(page, fixture('fuel_pilot_all_transactions_2025Q3.csv'));
    await region.getByRole('button', { name: 'Confirm import' }).click();
    await toast(page, 'Imported 2 fuel lines');
    await dismissToasts(page);
    const status = page.getByRole('status').filter({ hasText: / lines? · / });
    await expect.poll(() => status.textContent()).toMatch(/^6 lines/);

    const history = page.getByRole('table', { name: 'Import history' });
    if (!(await history.count())) await page.getByRole('button', { name: /^Import history \(\d+\)$/ }).click();
    await history.getByRole('button', { name: 'Undo import of fuel_pilot_all_transactions_2025Q3.csv' }).click();
    const dialog = page.getByRole('dialog', { name: 'Undo import' });
    await text(page, 'Are you sure you want to undo the import of fuel_pilot_all_transactions_2025Q3.csv? The 2 rows it added are removed.');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Import undone: 2 rows removed');
    await dismissToasts(page);
    await expect.poll(() => status.textContent()).toMatch(/^4 lines/);
    await visible(history.getByRole('row').filter({ hasText: 'fuel_pilot_all_transactions_2025Q3.csv' }).filter({ hasText: 'Undone' }));
    expect(await page.getByRole('table', { name: 'Fuel lines' }).getByRole('row').filter({ hasText: '1,101.250' }).count()).toBe(1);
  });

  it('maps the columns of an unknown layout, sees its preview and saves the mapping as a preset', async () => {
    const region = await uploadFile(page, unknownLayoutFile());
    await visible(region.getByText('Layout not recognised: map the columns below'));
    expect(await region.getByRole('button', { name: 'Confirm import' }).isDisabled()).toBe(true);
    for (const [field, column] of [
      ['Date (and time)', 'Fecha'],
      ['Unit', 'Camion'],
      ['State or province', 'Estado'],
      ['Product', 'Producto'],
      ['Gallons', 'Galones'],
      ['Amount paid', 'Importe'],
    ]) {
      // The field's label may end in ')', where the shared `pick` helper's word boundary does not match.
      await region.getByRole('combobox', { name: new RegExp(`^${field.replace(/[()]/g, '\\$&')}`) }).click();
      await page.getByRole('listbox').getByRole('option', { name: column, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
    }
    await region.getByLabel('Preset name').fill('Tarjeta del sur');
    await region.getByRole('button', { name: 'Save as preset' }).click();
    await toast(page, 'Preset saved successfully');
    await dismissToasts(page);
    await region.getByRole('button', { name: 'Apply mapping' }).click();
    await visible(page.getByRole('region', { name: /Preview of tarjeta_combustible/ }).getByText(/Layout: /));
    expect(await page.getByRole('list', { name: 'Counts' }).textContent()).toContain('New: 2');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('uploads the IFTA miles of Q3 2025 and sees them in the table', async () => {
    await page.goto(`/app/accounting/iftamiles-import${Q3_2025}`);
    await visible(page.getByRole('heading', { name: 'IFTA Miles Import' }));
    const region = await uploadFile(page, fixture('ifta_miles_2025Q3.csv'));
    await visible(region.getByRole('table', { name: 'Preview rows' }).getByRole('row').filter({ hasText: 'Atlantis' }));
    await region.getByRole('button', { name: 'Cancel' }).click();
    const corrected = await uploadFile(page, cleaned('ifta_miles_2025Q3.csv', 'Atlantis'));
    await corrected.getByRole('button', { name: 'Confirm import' }).click();
    await toast(page, 'Imported 4 mileage rows');
    await dismissToasts(page);
    const texas = page.getByRole('table', { name: 'IFTA miles' }).getByRole('row').filter({ hasText: 'Texas' }).filter({ hasText: '4,212.4' });
    await visible(texas);
    expect(await texas.textContent()).toMatch(/Q3 2025.*101/);
  });

  it('the IFTA report shows the totals, the Summary Report, a section per unit and the checks', async () => {
    await page.goto(`/app/accounting/ifta-report${Q3_2025}`);
    const totals = page.getByRole('region', { name: 'Totals' });
    await visible(totals);
    await expect.poll(() => totals.getByRole('group', { name: 'Total gallons' }).textContent()).toContain('1,172');
    expect(await totals.getByRole('group', { name: 'Total miles' }).textContent()).toContain('8,663');
    expect(await totals.getByRole('group', { name: 'MPG' }).textContent()).toContain('7.39');
    await visible(page.getByRole('table', { name: 'Summary Report' }).getByRole('row').filter({ hasText: 'Ontario' }));
    await visible(page.getByRole('table', { name: 'Unit 101' }));
    await visible(page.getByRole('table', { name: 'Unit 102' }));
    await text(page, 'Unit 102 bought fuel in Oklahoma but has no miles there.');
  });

  it('a driver has no fuel, IFTA miles or IFTA report entries, and the pages refuse them', async () => {
    const context = await b.newContext();
    contexts.push(context);
    const driver = await context.newPage();
    await signIn(driver, DEMO.driver);
    const menu = (await readMenu(driver)).map((e) => e.path);
    for (const p of ['/app/accounting/fuel-import', '/app/accounting/iftamiles-import', '/app/accounting/ifta-report']) expect(menu).not.toContain(p);
    await driver.goto('/app/accounting/ifta-report');
    await text(driver, 'You do not have access to this page');
  });
});

const VARIANTS = SHOT_VARIANTS;

describe.each(VARIANTS)('fuel and IFTA screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  it('fuel import with a preview, IFTA miles and the IFTA report', async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    try {
      const page = await context.newPage();
      // Each picture is also checked by axe (WCAG 2.1 AA: nothing serious or critical), at desktop width.
      const shootAndCheck = async (name: string) => {
        await shoot(page, name);
        if (width !== 1280) return;
        const findings = await seriousA11yViolations(page);
        expect(findings, `${name}: ${describeFindings(findings)}`).toEqual([]);
      };
      await signIn(page, DEMO.dispatcher);
      await page.goto(`/app/accounting/fuel-import${Q3_2025}`);
      await visible(page.getByRole('table', { name: 'Fuel lines' }).getByRole('row').filter({ hasText: '1,101.250' }));
      await shootAndCheck('fuel-import');
      // Pilot's export of the same fills (its import was undone above): new again, not confirmed here.
      await uploadFile(page, fixture('fuel_pilot_all_transactions_2025Q3.csv'));
      await shootAndCheck('fuel-import-preview');
      await page.getByRole('button', { name: 'Cancel' }).click();
      // Headers the saved preset does not know, so the mapping step opens.
      await uploadFile(page, unknownLayoutFile('Dia,Tractor,Provincia,Articulo,Cantidad,Total'));
      await shootAndCheck('fuel-import-mapping');

      await page.goto(`/app/accounting/iftamiles-import${Q3_2025}`);
      await visible(page.getByRole('table', { name: 'IFTA miles' }).getByRole('row').filter({ hasText: 'Ontario' }));
      await shootAndCheck('iftamiles-import');

      await page.goto(`/app/accounting/ifta-report${Q3_2025}`);
      await visible(page.getByRole('table', { name: 'Unit 102' }));
      await shootAndCheck('ifta-report');
      if (width === 1280) {
        // The printed sheet: no shell, no filters, black on white.
        await page.emulateMedia({ media: 'print' });
        await shoot(page, 'ifta-report-print');
        await page.emulateMedia({ media: 'screen' });
      }
    } finally {
      await context.close();
    }
  });
});
