import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  COMPANY,
  chooseOptions,
  currentUser,
  DEMO,
  menuVisibleObjects,
  newEmail,
  OBJECT_OF_PATH,
  openUserEditor,
  pathOf,
  readMenu,
  signIn,
  text,
  useBrowser,
  userRow,
  visible,
  waitForPath,
} from '../support';

/**
 * Issue #2 proof: a new email registers and lands in review; the demo administrator approves them
 * in user admin; they sign in again and see exactly their role's menu.
 */
describe('onboarding: register, wait for review, get approved', () => {
  const b = useBrowser();
  const email = newEmail('applicant');
  const contexts: BrowserContext[] = [];
  const open = async (width = 1280) => {
    const context = await b.newContext({ width });
    contexts.push(context);
    return context.newPage();
  };
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  let applicant: Page;

  it('a new email is sent to /register after signing in', async () => {
    applicant = await open();
    await signIn(applicant, email);
    await waitForPath(applicant, '/register');
    await visible(applicant.getByRole('heading', { level: 1 }));
    await text(applicant, email);
  });

  it('registration needs a company and a phone number ("Field is required")', async () => {
    await applicant.getByRole('button', { name: 'Register' }).click();
    await visible(applicant.getByText('Field is required'));
    expect(await applicant.getByText('Field is required', { exact: true }).count()).toBe(2);
    expect(pathOf(applicant)).toBe('/register');
  });

  it('the phone number takes at most 10 characters', async () => {
    const phone = applicant.getByRole('textbox', { name: /Phone number/ });
    await phone.click();
    await phone.pressSequentially('512555019912345');
    expect(await phone.inputValue()).toBe('5125550199');
  });

  it('registering with a company lands on /application-in-review with the spec text', async () => {
    await chooseOptions(applicant, /Company/, [COMPANY.demo]);
    await applicant.getByRole('button', { name: 'Register' }).click();
    await waitForPath(applicant, '/application-in-review');
    await text(applicant, /under review by the company admin/i);
    await text(applicant, /allow 2 days/i);
    const me = await currentUser(applicant);
    expect(me.company).toBe(COMPANY.demo);
    expect(me.roleId).toBeNull();
  });

  it('while in review, the app stays closed', async () => {
    await applicant.goto('/app/user-admin');
    await waitForPath(applicant, '/application-in-review');
  });

  it('the demo administrator approves them in user admin by giving a role', async () => {
    const admin = await open();
    await signIn(admin, DEMO.admin);
    const dialog = await openUserEditor(admin, email);

    // Email is read-only.
    const emailBox = dialog.getByRole('textbox', { name: 'Email' });
    expect(await emailBox.inputValue()).toBe(email);
    expect(await emailBox.getAttribute('readonly')).not.toBeNull();

    // A person who has only signed in has no names yet: the form asks for them.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(dialog.getByText('First name is required'));
    await visible(dialog.getByText('Last name is required'));
    await visible(dialog.getByText('At least one role is required'));

    await dialog.getByRole('textbox', { name: /First name/ }).fill('Riley');
    await dialog.getByRole('textbox', { name: /Last name/ }).fill('Quinn');
    await chooseOptions(admin, /Roles/, ['Dispatcher'], { multiple: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await text(admin, 'User updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await visible(userRow(admin, email).getByText('Dispatcher'));
    await visible(userRow(admin, email).getByText('Riley Quinn'));
  });

  it('signing in again takes them into the app with exactly their role’s menu', async () => {
    const again = await open();
    await signIn(again, email);
    await waitForPath(again, /^\/app\//);
    const me = await currentUser(again);
    expect(me.roleName).toBe('Dispatcher');
    expect(me.fullName).toBe('Riley Quinn');

    // The sidebar names them, their role and their company.
    const card = again.getByTestId('user-card');
    await visible(card.getByText('Riley Quinn'));
    await visible(card.getByText('Dispatcher'));
    await visible(card.getByText(COMPANY.demo));

    const menu = await readMenu(again);
    const allowed = menuVisibleObjects(me.userPermissibleObjects);
    for (const entry of menu) expect(allowed.has(OBJECT_OF_PATH[entry.path]), `${entry.label} (${entry.path})`).toBe(true);
    expect(menu.map((e) => e.path)).not.toContain('/app/user-admin');
  });

  it('the page they were waiting on now lets them in on its next load', async () => {
    await applicant.reload();
    await waitForPath(applicant, /^\/app\//);
  });
});
