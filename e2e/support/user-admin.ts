import type { Page } from 'playwright-core';
import { waitForPath } from './page-state';

/** Chooses options of an MUI select (single or multiple) by its label; closes a multiple one after. */
export async function chooseOptions(page: Page, label: string | RegExp, options: string[], { multiple = false } = {}) {
  await page.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  for (const option of options) await listbox.getByRole('option', { name: option, exact: true }).click();
  if (multiple) {
    await page.keyboard.press('Escape');
  }
  await listbox.waitFor({ state: 'detached' });
}

/** The user-admin table's row for an email. */
export function userRow(page: Page, email: string) {
  return page.getByRole('row').filter({ hasText: email });
}

/** Opens /app/user-admin and the edit dialog of the user with this email. Returns the dialog. */
export async function openUserEditor(page: Page, email: string) {
  if (new URL(page.url()).pathname !== '/app/user-admin') {
    await page.goto('/app/user-admin');
    await waitForPath(page, '/app/user-admin');
  }
  const row = userRow(page, email);
  await row.first().waitFor();
  await row.first().getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.waitFor();
  // The form shows once the lookups it needs have loaded.
  await dialog.getByRole('textbox', { name: /First name/ }).waitFor();
  return dialog;
}
