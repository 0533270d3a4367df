import '../../test/setup';
import type { TAdminUser } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { preloadPages, renderApp } from '../../test/render-app';
import { media } from '../../test/setup';

beforeAll(preloadPages, 120_000);

const applicant: TAdminUser = {
  userId: 4,
  email: 'applicant@demo.haulboard.test',
  firstName: 'Jamie',
  lastName: 'Lee',
  fullName: 'Jamie Lee',
  phoneNumber: '5125550103',
  userRoles: [],
  userCompanies: [1],
  userRoleNames: '',
  userCompanyNames: 'Demo Freight LLC',
  serviceFee: 0,
  serviceFeeType: 'flat',
  unitNumber: null,
  startDate: null,
  endDate: null,
  isActive: true,
  lastLoginDate: null,
  canEditPersonFields: true,
  updatedOn: '2026-11-20T10:00:00.000Z',
};
const driver: TAdminUser = { ...applicant, userId: 3, email: 'driver@demo.haulboard.test', firstName: 'Sam', lastName: 'Carter', fullName: 'Sam Carter', userRoles: [3], userRoleNames: 'Driver', unitNumber: '101', serviceFee: 150 };

const api = (extra: Record<string, unknown> = {}, me = userFixture('admin')) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: me },
    'GET /api/auth/GetUsers': { json: [driver, applicant] },
    'GET /api/Lookup/GetRoles': { json: [{ label: 'Administrator', value: 1 }, { label: 'Dispatcher', value: 2 }, { label: 'Driver', value: 3 }] },
    'GET /api/Lookup/GetCompanyListUserAdmin': { json: [{ label: 'Demo Freight LLC', value: 1 }] },
    'GET /api/Lookup/GetUserStatuses': { json: [{ label: 'Active', value: true }, { label: 'Inactive', value: false }] },
    ...(extra as object),
  });

const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;

async function openEdit(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
  // The form shows once its lookups (roles, companies, statuses) have arrived.
  await within(dialog).findByLabelText('Email');
  return dialog;
}

describe('user admin (spec §2 user-admin, §5 user edit)', () => {
  it('lists the users with add disabled and pages of 50', async () => {
    api();
    renderApp('/app/user-admin');
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(await screen.findByText('Sam Carter')).toBeTruthy();
    expect(screen.getByText('Awaiting approval')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add user/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Rows per page:').parentElement?.textContent).toContain('50');
  });

  it('shows the spec messages and keeps email read-only', async () => {
    api();
    renderApp('/app/user-admin');
    const dialog = await openEdit('Jamie Lee');
    const email = within(dialog).getByLabelText('Email');
    expect(email.hasAttribute('readonly')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/First name/), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText(/Last name/), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText(/Phone number/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of ['First name is required', 'Last name is required', 'Phone number is required', 'At least one role is required']) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
  });

  it("approves an applicant by giving a role: sends the form and says 'User updated successfully'", async () => {
    const calls = api({ 'POST /api/auth/UpdateUserInformation': { text: 'User updated successfully' } });
    renderApp('/app/user-admin');
    const dialog = await openEdit('Jamie Lee');
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /Roles/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Driver' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit user' })).toBeNull());
    expect(calls.find((c) => c.path === '/api/auth/UpdateUserInformation')?.body).toMatchObject({
      userId: 4,
      firstName: 'Jamie',
      lastName: 'Lee',
      phoneNumber: '5125550103',
      userRoles: [3],
      userCompanies: [1],
      isActive: true,
      serviceFee: 0,
      unitNumber: null,
      updatedOn: '2026-11-20T10:00:00.000Z',
    });
    // The list is asked for again after the save.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/GetUsers').length).toBe(2));
  });

  it('edits the days a driver works for the company: the start date shown, an end date sent', async () => {
    const calls = api({
      'GET /api/auth/GetUsers': { json: [{ ...driver, startDate: '2026-03-02' }, applicant] },
      'POST /api/auth/UpdateUserInformation': { text: 'User updated successfully' },
    });
    renderApp('/app/user-admin');
    const dialog = await openEdit('Sam Carter');
    expect((within(dialog).getByLabelText('Works for the company from') as HTMLInputElement).value).toBe('2026-03-02');
    fireEvent.change(within(dialog).getByLabelText('Until (empty: still working)'), { target: { value: '2026-10-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/UpdateUserInformation')?.body).toMatchObject({ userId: 3, startDate: '2026-03-02', endDate: '2026-10-30' });
  });

  it('shows a refusal as an error toast and keeps the dialog open', async () => {
    api({ 'POST /api/auth/UpdateUserInformation': { status: 409, text: 'ERROR Someone else changed this user while you were editing. Close the form, reload and try again.' } });
    renderApp('/app/user-admin');
    const dialog = await openEdit('Sam Carter');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this user/)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeTruthy();
  });

  it('does not close the dialog on a backdrop click', async () => {
    api();
    renderApp('/app/user-admin');
    await openEdit('Sam Carter');
    const backdrop = document.querySelector('.MuiBackdrop-root')!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeTruthy();
  });

  it('offers no edit without DenyDelete on UserAdmin', async () => {
    api({}, userFixture('admin', { userPermissibleObjects: [{ objectName: 'UserAdmin', accessType: 'Read', isMenuVisible: true }] }));
    renderApp('/app/user-admin');
    expect(await screen.findByText('Sam Carter')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Sam Carter' })).toBeNull();
  });

  it('shows the service fee with its unit at 1280 px, a $0 flat fee and a share of gross too', async () => {
    media.width = 1280;
    const percent: TAdminUser = { ...driver, userId: 5, email: 'maria@demo.haulboard.test', firstName: 'Maria', lastName: 'Lopez', fullName: 'Maria Lopez', serviceFee: 12.5, serviceFeeType: 'percent' };
    const free: TAdminUser = { ...driver, userId: 6, email: 'lee@demo.haulboard.test', firstName: 'Lee', lastName: 'Park', fullName: 'Lee Park', serviceFee: 0 };
    api({ 'GET /api/auth/GetUsers': { json: [driver, percent, free] } });
    renderApp('/app/user-admin');
    expect(await screen.findByRole('columnheader', { name: /Service fee/ })).toBeTruthy();
    expect((await row('Sam Carter')).textContent).toContain('$150.00/wk');
    expect((await row('Maria Lopez')).textContent).toContain('12.5% of gross');
    expect((await row('Lee Park')).textContent).toContain('$0.00/wk');
  });

  it('puts people awaiting approval first, counts them and filters to them', async () => {
    const second: TAdminUser = { ...applicant, userId: 7, email: 'casey@demo.haulboard.test', firstName: 'Casey', lastName: 'Wong', fullName: 'Casey Wong' };
    api({ 'GET /api/auth/GetUsers': { json: [driver, applicant, second] } });
    renderApp('/app/user-admin');
    const chip = await screen.findByRole('button', { name: 'Awaiting approval (2)' });
    const names = () => screen.getAllByRole('row').slice(1).map((r) => ['Sam Carter', 'Jamie Lee', 'Casey Wong'].find((n) => r.textContent?.includes(n)));
    await waitFor(() => expect(names()).toEqual(['Jamie Lee', 'Casey Wong', 'Sam Carter']));
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(chip);
    await waitFor(() => expect(names()).toEqual(['Jamie Lee', 'Casey Wong']));
    expect(screen.getByRole('button', { name: 'Awaiting approval (2)' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show everyone' }));
    await waitFor(() => expect(names()).toEqual(['Jamie Lee', 'Casey Wong', 'Sam Carter']));
    expect(screen.queryByRole('button', { name: 'Show everyone' })).toBeNull();
  });

  it('shows no approval filter when nobody is waiting', async () => {
    api({ 'GET /api/auth/GetUsers': { json: [driver] } });
    renderApp('/app/user-admin');
    expect(await screen.findByText('Sam Carter')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Awaiting approval/ })).toBeNull();
  });
});
