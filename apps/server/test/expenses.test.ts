import { EXPENSE_TEXT, MSG, SUCCESS } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { EXPENSE_DEMO_STEPS } from '../src/db/seed/demo-expenses';
import { findExpenseLines } from '../src/modules/expenses';
import { createTestApp, EMAIL, type TTestApp } from './helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ steps: [...BOARD_DEMO_STEPS, ...EXPENSE_DEMO_STEPS] });
});
afterAll(() => t.close());

const ADD = '/api/Expense/AddUpdateExpense';
const expenseForm = (over: Record<string, unknown> = {}) => ({
  companyExpenseId: 0,
  expenseTypeId: 1,
  expenseName: 'Bobtail insurance',
  amount: '42.10',
  frequencyTypeId: 2,
  occurences: 4,
  expenseDate: null,
  expenseStartDate: '2026-03-02',
  expenseEndDate: null,
  expenseUserId: t.ids.users[EMAIL.driver],
  comments: null,
  ...over,
});

const list = async (as: string = EMAIL.dispatcher, today = '2026-03-10') =>
  (await t.call({ method: 'GET', url: `/api/Expense?today=${today}`, as })).body as any[];
const byName = async (name: string, as?: string, today?: string) => (await list(as, today)).find((e) => e.expenseName === name);
const add = async (over: Record<string, unknown>, as: string = EMAIL.dispatcher) => t.call({ method: 'POST', url: ADD, payload: expenseForm(over), as });

describe('GET /api/Expense', () => {
  it('lists the demo company’s expenses with type, frequency, receiver and amounts as decimal text', async () => {
    const all = await list();
    expect(all.length).toBe(18);
    const escrow = all.find((e) => e.expenseName === 'Escrow contribution');
    expect(escrow).toMatchObject({
      expenseTypeName: 'Escrow',
      isReimbursement: false,
      amount: '100.00',
      frequencyTypeName: 'Weekly',
      occurences: 20,
      expenseUserName: 'Sam Carter',
    });
    expect(escrow.updatedOn).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(all.find((e) => e.expenseName === 'Toll reimbursement, I-35 PikePass')).toMatchObject({ isReimbursement: true, amount: '48.75' });
    expect(all.find((e) => e.expenseName === 'Office rent')).toMatchObject({ expenseUserId: null, expenseUserName: null, frequencyTypeName: 'Monthly' });
  });

  it('answers each expense’s next occurrence and how many remain, counted from the given day', async () => {
    const res = await add({ expenseName: 'Schedule check', occurences: 4, expenseStartDate: '2026-03-02' });
    expect(res.text).toBe(SUCCESS.expenseUpdated);
    expect(await byName('Schedule check', EMAIL.dispatcher, '2026-03-01')).toMatchObject({ nextOccurrenceDate: '2026-03-02', remainingOccurrences: 4 });
    expect(await byName('Schedule check', EMAIL.dispatcher, '2026-03-10')).toMatchObject({ nextOccurrenceDate: '2026-03-16', remainingOccurrences: 2 });
    expect(await byName('Schedule check', EMAIL.dispatcher, '2026-04-01')).toMatchObject({ nextOccurrenceDate: null, remainingOccurrences: 0 });
  });

  it('shows another company only its own expenses', async () => {
    const second = await list(EMAIL.secondAdmin);
    expect(second.map((e) => e.expenseName)).not.toContain('Escrow contribution');
  });

  it('is refused to a driver, who has no ExpenseAdminPage access by default', async () => {
    expect((await t.call({ method: 'GET', url: '/api/Expense', as: EMAIL.driver })).status).toBe(403);
  });
});

describe('POST /api/Expense/AddUpdateExpense', () => {
  it('adds a company expense without a receiver and a one-time expense on its date', async () => {
    expect((await add({ expenseName: 'Yard lease', expenseUserId: null, frequencyTypeId: 4, occurences: null })).text).toBe(SUCCESS.expenseUpdated);
    expect(await byName('Yard lease')).toMatchObject({ expenseUserId: null, expenseUserName: null, remainingOccurrences: null, nextOccurrenceDate: '2026-04-02' });
    const once = await add({ expenseName: 'Lumper fee', frequencyTypeId: 1, occurences: null, expenseDate: '2026-03-12', expenseStartDate: null, amount: '$1,250.5' });
    expect(once.text).toBe(SUCCESS.expenseUpdated);
    expect(await byName('Lumper fee')).toMatchObject({ amount: '1250.50', expenseDate: '2026-03-12', nextOccurrenceDate: '2026-03-12', remainingOccurrences: 1 });
  });

  it('answers 400 with "Field is required" for each required field of an empty form', async () => {
    const res = await t.call({ method: 'POST', url: ADD, payload: { expenseName: ' ', amount: '', expenseTypeId: null }, as: EMAIL.dispatcher });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toMatchObject({
      expenseTypeId: [MSG.required],
      expenseName: [MSG.required],
      amount: [MSG.required],
      frequencyTypeId: [MSG.required],
    });
  });

  it('refuses a zero amount, an end date before the start, a recurring expense without any date and unknown types', async () => {
    expect((await add({ amount: '0' })).body.fieldErrors.amount).toEqual([EXPENSE_TEXT.positiveAmount]);
    expect((await add({ expenseEndDate: '2026-03-01' })).body.fieldErrors.expenseEndDate).toEqual([EXPENSE_TEXT.endBeforeStart]);
    expect((await add({ expenseStartDate: null })).body.fieldErrors.expenseStartDate).toEqual([EXPENSE_TEXT.needsDate]);
    const type = await add({ expenseTypeId: 999 });
    expect(type.status).toBe(400);
    expect(type.body.fieldErrors.expenseTypeId).toEqual(['Choose an expense type from the list']);
    expect((await add({ frequencyTypeId: 99 })).body.fieldErrors.frequencyTypeId).toEqual(['Choose a frequency from the list']);
  });

  it('edits an expense and refuses a stale version: nothing is overwritten', async () => {
    await add({ expenseName: 'Two editors' });
    const loaded = await byName('Two editors');
    const first = await t.call({ method: 'POST', url: ADD, payload: { ...loaded, amount: '50.00', occurences: 6 }, as: EMAIL.dispatcher });
    expect(first.text).toBe(SUCCESS.expenseUpdated);
    const second = await t.call({ method: 'POST', url: ADD, payload: { ...loaded, amount: '60.00' }, as: EMAIL.admin });
    expect(second.status).toBe(409);
    expect(second.text).toMatch(/^ERROR .*changed by someone else/);
    expect(await byName('Two editors')).toMatchObject({ amount: '50.00', occurences: 6, remainingOccurrences: 4 });
  });

  it('refuses a receiver who is not a driver of the company: another company’s driver like a missing person', async () => {
    const foreignDriver = t.ids.users['driver@second.haulboard.test'];
    const foreign = await add({ expenseName: 'Foreign receiver', expenseUserId: foreignDriver });
    const missing = await add({ expenseName: 'Foreign receiver', expenseUserId: 1_999_999_999 });
    expect(foreign.status).toBe(404);
    expect({ status: foreign.status, body: foreign.text }).toEqual({ status: missing.status, body: missing.text });
    const dispatcher = await add({ expenseName: 'Foreign receiver', expenseUserId: t.ids.users[EMAIL.dispatcher] });
    expect(dispatcher.status).toBe(404);
    expect(await byName('Foreign receiver')).toBeUndefined();
  });

  it('answers 404 for another company’s expense and leaves it unchanged', async () => {
    const escrow = await byName('Escrow contribution');
    const res = await t.call({ method: 'POST', url: ADD, payload: { ...escrow, expenseUserId: null, amount: '1.00' }, as: EMAIL.secondAdmin });
    expect(res.status).toBe(404);
    expect(await byName('Escrow contribution')).toMatchObject({ amount: '100.00', expenseUserName: 'Sam Carter', updatedOn: escrow.updatedOn });
  });

  it('keeps a receiver who is no longer an active driver on an expense already charged to them', async () => {
    await add({ expenseName: 'Kept receiver', expenseUserId: t.ids.users['driver6@demo.haulboard.test'] });
    await t.db.execute(sql`update user_companies set is_active = false where user_id = ${t.ids.users['driver6@demo.haulboard.test']}`);
    try {
      const loaded = await byName('Kept receiver');
      expect((await t.call({ method: 'POST', url: ADD, payload: { ...loaded, comments: 'still theirs' }, as: EMAIL.dispatcher })).text).toBe(SUCCESS.expenseUpdated);
      expect((await add({ expenseName: 'New for inactive', expenseUserId: t.ids.users['driver6@demo.haulboard.test'] })).status).toBe(404);
    } finally {
      await t.db.execute(sql`update user_companies set is_active = true where user_id = ${t.ids.users['driver6@demo.haulboard.test']}`);
    }
  });
});

describe('DELETE /api/Expense', () => {
  it('deletes an expense and says so', async () => {
    await add({ expenseName: 'To delete' });
    const row = await byName('To delete');
    const res = await t.call({ method: 'DELETE', url: `/api/Expense?id=${row.companyExpenseId}`, as: EMAIL.dispatcher });
    expect(res.text).toBe(SUCCESS.expenseDeleted);
    expect(await byName('To delete')).toBeUndefined();
  });

  it('answers 404 for another company’s expense, which stays', async () => {
    const escrow = await byName('Escrow contribution');
    const res = await t.call({ method: 'DELETE', url: `/api/Expense?id=${escrow.companyExpenseId}`, as: EMAIL.secondAdmin });
    expect(res.status).toBe(404);
    expect(await byName('Escrow contribution')).toBeTruthy();
  });
});

describe('access levels of ExpenseAdminPage', () => {
  const setDispatcher = (accessType: string) =>
    t.call({ method: 'POST', url: '/api/General/SetPermission', payload: { roleId: 2, objectName: 'ExpenseAdminPage', accessType, isMenuVisible: true }, as: EMAIL.admin });

  it('DenyDelete edits but may not delete; Read only lists', async () => {
    await add({ expenseName: 'Access probe' });
    const row = await byName('Access probe');
    try {
      expect((await setDispatcher('DenyDelete')).status).toBe(200);
      expect((await t.call({ method: 'POST', url: ADD, payload: { ...row, comments: 'edited' }, as: EMAIL.dispatcher })).text).toBe(SUCCESS.expenseUpdated);
      expect((await t.call({ method: 'DELETE', url: `/api/Expense?id=${row.companyExpenseId}`, as: EMAIL.dispatcher })).status).toBe(403);
      expect((await setDispatcher('Read')).status).toBe(200);
      expect((await t.call({ method: 'GET', url: '/api/Expense', as: EMAIL.dispatcher })).status).toBe(200);
      expect((await add({ expenseName: 'Read only' })).status).toBe(403);
    } finally {
      await t.call({ method: 'POST', url: '/api/General/ResetPermissions', as: EMAIL.admin });
    }
    expect(await byName('Access probe')).toMatchObject({ comments: 'edited' });
    expect(await byName('Read only')).toBeUndefined();
  });

  it('a driver can neither add nor delete', async () => {
    expect((await add({ expenseName: 'By driver' }, EMAIL.driver)).status).toBe(403);
    const row = await byName('Escrow contribution');
    expect((await t.call({ method: 'DELETE', url: `/api/Expense?id=${row.companyExpenseId}`, as: EMAIL.driver })).status).toBe(403);
  });
});

describe('lookups', () => {
  it('GetExpenseTypeList offers the types in order, reimbursement flagged as adding to pay', async () => {
    const types = (await t.call({ method: 'GET', url: '/api/Lookup/GetExpenseTypeList', as: EMAIL.dispatcher })).body as any[];
    expect(types.map((x) => x.label)).toEqual([
      'Insurance',
      'Trailer rent',
      'ELD',
      'Truck payment',
      'Escrow',
      'Advance',
      'Tolls',
      'Repairs',
      'Permits',
      'Office',
      'Other',
      'Reimbursement',
    ]);
    expect(types.filter((x) => x.isReimbursement).map((x) => x.label)).toEqual(['Reimbursement']);
  });

  it('GetFrequencyTypeList offers one time, weekly, every two weeks and monthly', async () => {
    const res = await t.call({ method: 'GET', url: '/api/Lookup/GetFrequencyTypeList', as: EMAIL.driver });
    expect(res.body).toEqual([
      { label: 'One time', value: 1 },
      { label: 'Weekly', value: 2 },
      { label: 'Every two weeks', value: 3 },
      { label: 'Monthly', value: 4 },
    ]);
  });
});

describe('expense lines for the dashboard and settlements', () => {
  it('derives each occurrence in a period for one driver, and company expenses apart', async () => {
    const company = t.ids.companies.second;
    const driver = t.ids.users['driver2@second.haulboard.test'];
    const as = EMAIL.secondAdmin;
    await add({ expenseName: 'Lines weekly', amount: '10.00', occurences: 3, expenseStartDate: '2026-05-06', expenseUserId: driver }, as);
    await add({ expenseName: 'Lines monthly', amount: '20.00', frequencyTypeId: 4, occurences: null, expenseStartDate: '2026-01-31', expenseUserId: driver }, as);
    await add({ expenseName: 'Lines refund', expenseTypeId: 12, amount: '5.25', frequencyTypeId: 1, expenseDate: '2026-05-12', expenseStartDate: null, expenseUserId: driver }, as);
    await add({ expenseName: 'Lines company', amount: '99.00', occurences: null, expenseStartDate: '2026-05-04', expenseUserId: null }, as);
    const lines = await findExpenseLines(t.db, company, { from: '2026-05-04', to: '2026-05-31', userId: driver });
    expect(lines.map((l) => [l.expenseName, l.expenseDate, l.occurrence, l.amount, l.isReimbursement])).toEqual([
      ['Lines weekly', '2026-05-06', 1, '10.00', false],
      ['Lines refund', '2026-05-12', 1, '5.25', true],
      ['Lines weekly', '2026-05-13', 2, '10.00', false],
      ['Lines weekly', '2026-05-20', 3, '10.00', false],
      ['Lines monthly', '2026-05-31', 5, '20.00', false],
    ]);
    const companyOnly = await findExpenseLines(t.db, company, { from: '2026-05-04', to: '2026-05-10', userId: null });
    expect(companyOnly.map((l) => [l.expenseName, l.expenseDate])).toEqual([['Lines company', '2026-05-04']]);
  });
});
