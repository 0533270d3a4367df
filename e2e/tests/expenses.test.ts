import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserToday, DEMO, dismissToasts, pick, SHOT_VARIANTS, shoot, signIn, text, toast, useBrowser, visible } from '../support';

/**
 * Issue #10, expenses: a dispatcher adds a recurring expense for a driver (the spec's messages,
 * Save disabled while invalid), sees its next and remaining occurrences, edits it and deletes it
 * after the spec's confirmation. Screenshots of the page and the dialog at 1280 and 390 px.
 */

/** The Monday after `date` ('YYYY-MM-DD'), and the MM/DD/YYYY form the table shows. */
const nextMonday = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + (((8 - d.getUTCDay()) % 7) || 7));
  return d.toISOString().slice(0, 10);
};
const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

describe('a dispatcher manages expenses', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  const name = `E2E trailer rent ${Date.now().toString(36).slice(-5)}`;
  let page: Page;

  const row = () => page.getByRole('table', { name: 'Expenses' }).getByRole('row').filter({ hasText: name });

  it('adds a weekly expense for a driver and sees when it next applies and how many times remain', async () => {
    const context = await b.newContext();
    contexts.push(context);
    page = await context.newPage();
    await signIn(page, DEMO.dispatcher);
    await page.goto('/app/accounting/expenses');
    await visible(page.getByRole('table', { name: 'Expenses' }).getByRole('row').filter({ hasText: 'Escrow contribution' }));

    await page.getByRole('button', { name: 'Add expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add expense' });
    await visible(dialog);
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    for (const label of ['Description', 'Amount']) {
      await dialog.getByRole('textbox', { name: label }).click();
      await dialog.getByRole('textbox', { name: label }).blur();
    }
    await expect.poll(() => dialog.getByText('Field is required').count()).toBe(2);

    const start = nextMonday(await browserToday(page));
    await pick(page, dialog, 'Expense type', 'Trailer rent');
    await dialog.getByRole('textbox', { name: 'Description' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('1,250.5');
    await pick(page, dialog, 'Frequency', 'Weekly');
    await dialog.getByRole('spinbutton', { name: 'Occurrences' }).fill('4');
    await dialog.getByLabel('Start date').fill(start);
    await pick(page, dialog, 'Driver', /Maria Lopez/);
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await toast(page, 'Expense updated successfully');
    await dialog.waitFor({ state: 'detached' });

    await visible(row());
    const cells = await row().getByRole('cell').allTextContents();
    expect(cells).toEqual(expect.arrayContaining(['$1,250.50', 'Maria Lopez', 'Weekly × 4', us(start), '4']));
    await dismissToasts(page);
  });

  it('edits it, and deletes it after "Are you sure you want to delete {description}"', async () => {
    await row().getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit expense' });
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('99');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Expense updated successfully');
    await visible(row().getByRole('cell', { name: '$99.00' }));
    await dismissToasts(page);

    await row().getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete expense' });
    await text(page, `Are you sure you want to delete ${name}`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Expense deleted successfully');
    await row().waitFor({ state: 'detached' });
  });

  it('a driver has no Expenses menu entry and no access to the page', async () => {
    const context = await b.newContext();
    contexts.push(context);
    const driver = await context.newPage();
    await signIn(driver, DEMO.driver);
    await driver.goto('/app/accounting/expenses');
    await text(driver, 'You do not have access to this page');
    expect(await driver.getByRole('link', { name: 'Expenses' }).count()).toBe(0);
  });
});

const VARIANTS = SHOT_VARIANTS;

describe.each(VARIANTS)('expenses screenshots at $width px, $theme', ({ width, theme }) => {
  const b = useBrowser();
  it('the page and the add dialog', async () => {
    const context = await b.newContext({ width, theme, colorScheme: theme });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.dispatcher);
      await page.goto('/app/accounting/expenses');
      await visible(page.getByRole('table', { name: 'Expenses' }).getByRole('row').filter({ hasText: 'Escrow contribution' }));
      await shoot(page, 'expenses');
      await page.getByRole('button', { name: 'Add expense' }).click();
      await visible(page.getByRole('dialog', { name: 'Add expense' }));
      await shoot(page, 'expense-dialog');
    } finally {
      await context.close();
    }
  });
});
