import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, describeFindings, dismissToasts, SHOT_VARIANTS, seriousA11yViolations, shoot, signIn, text, toast, useBrowser, visible } from '../support';

/**
 * Issue #9, the IFTA return worksheet: the administrator downloads the sample matrix offered on the
 * page, uploads it for this quarter, sees the worksheet (lines, balance, the sample warning) and
 * downloads it as CSV and PDF; the dispatcher reads it without the upload. The demo has the sample
 * matrix for the last full quarter, whose worksheet the screenshots show.
 */

const now = new Date();
const year = now.getFullYear();
const quarter = Math.floor(now.getMonth() / 3) + 1;
const last = quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 };
const returnUrl = (q: { year: number; quarter: number }) => `/app/accounting/ifta-report?view=return&year=${q.year}&quarter=${q.quarter}`;

async function download(page: Page, click: () => Promise<void>) {
  const event = page.waitForEvent('download');
  await click();
  const d = await event;
  return { name: d.suggestedFilename(), bytes: fs.readFileSync((await d.path())!) };
}

describe('the IFTA return worksheet', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  let page: Page;

  it('the administrator downloads the sample matrix from the page and uploads it for this quarter', async () => {
    const context = await b.newContext();
    contexts.push(context);
    page = await context.newPage();
    await signIn(page, DEMO.admin);
    await page.goto(returnUrl({ year, quarter }));
    await visible(page.getByRole('tab', { name: 'Return worksheet', selected: true }));
    const worksheet = page.getByRole('region', { name: 'Return worksheet' });
    await visible(worksheet.getByRole('table', { name: 'Return worksheet' }));
    await text(page, `No tax-rate matrix is uploaded for Q${quarter} ${year}`);

    const sample = await download(page, () => worksheet.getByRole('button', { name: 'Sample matrix (not real rates)' }).click());
    expect(sample.name).toBe('ifta-rate-matrix-SAMPLE-NOT-REAL-RATES.csv');
    expect(sample.bytes.toString('utf8')).toMatch(/^SAMPLE TAX RATE MATRIX - NOT REAL RATES/);
    const file = `${fs.mkdtempSync('/tmp/haulboard-ifta-')}/${sample.name}`;
    fs.writeFileSync(file, sample.bytes);

    await worksheet.getByLabel('Tax-rate matrix file').setInputFiles(file);
    await toast(page, `Sample rates for Q${quarter} ${year} saved (58 jurisdictions). They are NOT real rates: upload the IFTA, Inc. matrix before filing.`, 'info');
    await dismissToasts(page);
    await text(page, 'The rates are the synthetic SAMPLE matrix, not real rates: do not file this return.');
  });

  it('shows the last quarter: lines with rates, totals and the balance', async () => {
    await page.goto(returnUrl(last));
    const table = page.getByRole('table', { name: 'Return worksheet' });
    await visible(table.getByRole('row').filter({ hasText: 'Texas' }));
    const texas = await table.getByRole('row').filter({ hasText: 'Texas' }).first().textContent();
    expect(texas).toMatch(/TX Texas0\.\d{4}/);
    const totals = page.getByRole('region', { name: 'Return totals' });
    expect(await totals.getByRole('group', { name: 'Fleet MPG' }).textContent()).toMatch(/6\.\d\d/);
    expect(await totals.getByRole('group', { name: /Balance due|Refund/ }).textContent()).toMatch(/\$[\d,]+\.\d\d/);
    await visible(table.getByRole('row').filter({ hasText: 'Totals' }));
  });

  it('downloads the worksheet as CSV and as a PDF', async () => {
    const worksheet = page.getByRole('region', { name: 'Return worksheet' });
    const csv = await download(page, () => worksheet.getByRole('button', { name: 'Export CSV' }).click());
    expect(csv.name).toBe(`ifta-return-${last.year}-Q${last.quarter}.csv`);
    const lines = csv.bytes.toString('utf8').split('\r\n');
    expect(lines).toContain('Jurisdiction,Code,Rate,Surcharge rate,Total miles,Taxable miles,Taxable gallons,Tax-paid gallons,Net taxable gallons,Tax due (credit),Surcharge,Line total');
    expect(lines.some((l) => l.startsWith('Texas,TX,0.'))).toBe(true);
    const pdf = await download(page, () => worksheet.getByRole('button', { name: 'Worksheet PDF' }).click());
    expect(pdf.name).toBe(`ifta-return-${last.year}-Q${last.quarter}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('changes the rounding: gallons to the thousandth', async () => {
    await page.getByRole('button', { name: 'Rounding' }).click();
    const dialog = page.getByRole('dialog', { name: 'Return settings' });
    await dialog.getByRole('combobox', { name: 'Gallons' }).click();
    await page.getByRole('option', { name: 'Three decimals' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Return settings saved successfully');
    await dismissToasts(page);
    const totals = page.getByRole('region', { name: 'Return totals' });
    await expect.poll(() => totals.getByRole('group', { name: 'Total gallons' }).textContent()).toMatch(/\.\d{3}$/);
    await page.getByRole('button', { name: 'Rounding' }).click();
    await dialog.getByRole('combobox', { name: 'Gallons' }).click();
    await page.getByRole('option', { name: 'Whole gallons, half up' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Return settings saved successfully');
    await dismissToasts(page);
  });

  it('the dispatcher reads the worksheet but cannot upload a matrix or change the rounding', async () => {
    const context = await b.newContext();
    contexts.push(context);
    const dispatcher = await context.newPage();
    await signIn(dispatcher, DEMO.dispatcher);
    await dispatcher.goto(returnUrl(last));
    await visible(dispatcher.getByRole('table', { name: 'Return worksheet' }).getByRole('row').filter({ hasText: 'Texas' }));
    expect(await dispatcher.getByLabel('Tax-rate matrix file').count()).toBe(0);
    expect(await dispatcher.getByRole('button', { name: 'Rounding' }).count()).toBe(0);
  });
});

const VARIANTS = SHOT_VARIANTS;

describe.each(VARIANTS)('IFTA return worksheet screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  it('the last quarter of the demo', async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.admin);
      await page.goto(returnUrl(last));
      await visible(page.getByRole('table', { name: 'Return worksheet' }).getByRole('row').filter({ hasText: 'Texas' }));
      await shoot(page, 'ifta-return');
      if (width === 1280) {
        const findings = await seriousA11yViolations(page);
        expect(findings, describeFindings(findings)).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});
