import '../../test/setup';
import type { TExpense, TPermission } from '@haulboard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, userFixture } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

beforeAll(() => import('./expense-admin-page'), 120_000);

const escrow: TExpense = {
  companyExpenseId: 7,
  expenseTypeId: 5,
  expenseTypeName: 'Escrow',
  isReimbursement: false,
  expenseName: 'Escrow contribution',
  amount: '1250.50',
  frequencyTypeId: 2,
  frequencyTypeName: 'Weekly',
  occurences: 20,
  expenseDate: null,
  expenseStartDate: '2026-03-02',
  expenseEndDate: null,
  expenseUserId: 31,
  expenseUserName: 'Sam Carter',
  comments: 'Until the escrow is reached',
  nextOccurrenceDate: '2026-11-23',
  remainingOccurrences: 3,
  updatedOn: '2026-11-20T10:00:00.000Z',
};
const toll: TExpense = {
  ...escrow,
  companyExpenseId: 8,
  expenseTypeId: 12,
  expenseTypeName: 'Reimbursement',
  isReimbursement: true,
  expenseName: 'Toll reimbursement',
  amount: '48.75',
  frequencyTypeId: 1,
  frequencyTypeName: 'One time',
  occurences: null,
  expenseDate: '2026-11-18',
  expenseStartDate: null,
  nextOccurrenceDate: null,
  remainingOccurrences: 0,
  comments: null,
};
const rent: TExpense = {
  ...escrow,
  companyExpenseId: 9,
  expenseTypeId: 10,
  expenseTypeName: 'Office',
  expenseName: 'Office rent',
  amount: '1200.00',
  frequencyTypeId: 4,
  frequencyTypeName: 'Monthly',
  occurences: null,
  expenseUserId: null,
  expenseUserName: null,
  nextOccurrenceDate: '2026-12-05',
  remainingOccurrences: null,
  comments: null,
};

const TYPES = [
  { label: 'Insurance', value: 1, isReimbursement: false },
  { label: 'Escrow', value: 5, isReimbursement: false },
  { label: 'Office', value: 10, isReimbursement: false },
  { label: 'Reimbursement', value: 12, isReimbursement: true },
];
const FREQUENCIES = [
  { label: 'One time', value: 1 },
  { label: 'Weekly', value: 2 },
  { label: 'Every two weeks', value: 3 },
  { label: 'Monthly', value: 4 },
];
const DRIVERS = [
  { label: '101 - Sam Carter', value: 31, unitNumber: '101' },
  { label: '102 - Maria Lopez', value: 32, unitNumber: '102' },
];

const expenseAdmin = (accessType: TPermission['accessType']) =>
  userFixture('dispatcher', { userPermissibleObjects: [{ objectName: 'ExpenseAdminPage', accessType, isMenuVisible: true }] });

const api = (extra: Record<string, unknown> = {}, me = userFixture('admin')) =>
  mockApi({
    'POST /api/Auth/GetUserDetails': { json: me },
    'GET /api/Expense': { json: [escrow, toll, rent] },
    'GET /api/Lookup/GetExpenseTypeList': { json: TYPES },
    'GET /api/Lookup/GetFrequencyTypeList': { json: FREQUENCIES },
    'GET /api/Lookup/GetCompanyDrivers': { json: DRIVERS },
    ...(extra as object),
  });

const fill = (dialog: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

async function choose(dialog: HTMLElement, label: RegExp, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('expenses page (spec §2 accounting/expenses, §5 Expense form, §6, §8)', () => {
  it('lists expenses with money, receiver, frequency and the next and remaining occurrences', async () => {
    api();
    renderApp('/app/accounting/expenses');
    expect(await screen.findByRole('heading', { name: 'Expenses' })).toBeTruthy();
    const row = (await screen.findByText('Escrow contribution')).closest('tr')!;
    for (const text of ['$1,250.50', 'Sam Carter', 'Weekly × 20', '11/23/2026', 'Escrow']) expect(row.textContent).toContain(text);
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toContain('3');
    const tollRow = screen.getByText('Toll reimbursement').closest('tr')!;
    expect(tollRow.textContent).toContain('+$48.75');
    expect(tollRow.textContent).toContain('—');
    const rentRow = screen.getByText('Office rent').closest('tr')!;
    expect(rentRow.textContent).toContain('Company');
    expect(rentRow.textContent).toContain('No end');
    expect(rentRow.textContent).toContain('$1,200.00');
  });

  it('adds an expense: "Field is required" for each required field, Save waits for a valid form', async () => {
    const calls = api({ 'POST /api/Expense/AddUpdateExpense': { text: 'Expense updated successfully' } });
    renderApp('/app/accounting/expenses');
    fireEvent.click(await screen.findByRole('button', { name: /Add expense/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Expense type/ }).getAttribute('aria-disabled')).toBeNull());
    fireEvent.blur(within(dialog).getByLabelText(/Description/));
    fireEvent.blur(within(dialog).getByLabelText(/Amount/));
    expect(await within(dialog).findAllByText('Field is required')).toHaveLength(2);
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('status', { name: 'Schedule' }).textContent).toBe('Enter the expense date or a start date');

    await choose(dialog, /Expense type/, 'Insurance');
    fill(dialog, /Description/, 'Bobtail insurance');
    fill(dialog, /Amount/, '1,234.5');
    await choose(dialog, /Frequency/, 'Weekly');
    fill(dialog, /Occurrences/, '12');
    fill(dialog, /Start date/, '2026-12-07');
    await choose(dialog, /Driver/, '102 - Maria Lopez');
    expect(within(dialog).getByRole('status', { name: 'Schedule' }).textContent).toBe('12 times, 12/07/2026 to 02/22/2027');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Expense updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/Expense/AddUpdateExpense')?.body).toMatchObject({
      companyExpenseId: null,
      expenseTypeId: 1,
      expenseName: 'Bobtail insurance',
      amount: '1234.50',
      frequencyTypeId: 2,
      occurences: 12,
      expenseDate: null,
      expenseStartDate: '2026-12-07',
      expenseEndDate: null,
      expenseUserId: 32,
      comments: null,
      updatedOn: null,
    });
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/Expense?')).length).toBe(2));
  });

  it('refuses an end date before the start date in the dialog', async () => {
    api();
    renderApp('/app/accounting/expenses');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Escrow contribution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit expense' });
    fill(dialog, /End date/, '2026-01-01');
    fireEvent.blur(within(dialog).getByLabelText(/End date/));
    expect(await within(dialog).findByText('The end date is before the start date')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('edits an expense with its version; a company expense keeps no driver', async () => {
    const calls = api({ 'POST /api/Expense/AddUpdateExpense': { text: 'Expense updated successfully' } });
    renderApp('/app/accounting/expenses');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Office rent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit expense' });
    expect(within(dialog).getByRole('combobox', { name: /Driver/ }).textContent).toBe('None (company expense)');
    fill(dialog, /Amount/, '1300');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Expense updated successfully')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/Expense/AddUpdateExpense')?.body).toMatchObject({
      companyExpenseId: 9,
      amount: '1300.00',
      frequencyTypeId: 4,
      expenseUserId: null,
      updatedOn: rent.updatedOn,
    });
  });

  it('shows a stale-form refusal as an error toast and keeps the dialog open', async () => {
    api({
      'POST /api/Expense/AddUpdateExpense': {
        status: 409,
        text: 'ERROR This expense was changed by someone else while you were editing. Close the form, reload and try again.',
      },
    });
    renderApp('/app/accounting/expenses');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Escrow contribution' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit expense' });
    fill(dialog, /Comments/, 'late edit');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    const toast = await screen.findByText(/changed by someone else/);
    expect(toast.closest('.Toastify__toast')?.className).toContain('--error');
    expect(screen.getByRole('dialog', { name: 'Edit expense' })).toBeTruthy();
  });

  it('asks "Are you sure you want to delete {description}" and deletes on Confirm', async () => {
    const calls = api({ 'DELETE /api/Expense': { text: 'Expense deleted successfully' } });
    renderApp('/app/accounting/expenses');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Toll reimbursement' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete expense' });
    expect(confirm.textContent).toContain('Are you sure you want to delete Toll reimbursement');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Expense deleted successfully')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/Expense?id=8']);
  });

  it('with DenyDelete: add and edit, no delete', async () => {
    api({}, expenseAdmin('DenyDelete'));
    renderApp('/app/accounting/expenses');
    expect(await screen.findByRole('button', { name: 'Edit Escrow contribution' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add expense/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('with Read: neither add, edit nor delete', async () => {
    api({}, expenseAdmin('Read'));
    renderApp('/app/accounting/expenses');
    expect(await screen.findByText('Escrow contribution')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add expense/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });
});
