import { z } from 'zod';
import { expenseAnchor, FREQUENCY } from './expense-occurrences';
import { editId, filterDate, filterId, MAX_SMALL_ID, optionalNumber, optionalText, requiredId, requiredText, versionField } from './fields';
import { MSG } from './messages';
import { toCents, ZMoney } from './money';
import { defineRoute, onObject, ZTextReply } from './route-def';

export * from './expense-occurrences';

/**
 * Expense types, fixed reference data seeded into every database. A reimbursement adds to the
 * driver's pay; every other type is deducted from it.
 */
export const EXPENSE_TYPES: readonly { id: number; name: string; isReimbursement: boolean }[] = [
  { id: 1, name: 'Insurance', isReimbursement: false },
  { id: 2, name: 'Trailer rent', isReimbursement: false },
  { id: 3, name: 'ELD', isReimbursement: false },
  { id: 4, name: 'Truck payment', isReimbursement: false },
  { id: 5, name: 'Escrow', isReimbursement: false },
  { id: 6, name: 'Advance', isReimbursement: false },
  { id: 7, name: 'Tolls', isReimbursement: false },
  { id: 8, name: 'Repairs', isReimbursement: false },
  { id: 9, name: 'Permits', isReimbursement: false },
  { id: 10, name: 'Office', isReimbursement: false },
  { id: 11, name: 'Other', isReimbursement: false },
  { id: 12, name: 'Reimbursement', isReimbursement: true },
];

/** The most times a recurring expense can be set to occur (ten years of weeks). */
export const MAX_OCCURRENCES = 520;

export const EXPENSE_TEXT = {
  needsDate: 'Enter the expense date or a start date',
  endBeforeStart: 'The end date is before the start date',
  positiveAmount: 'Must be more than 0',
} as const;

/** Spec §3 Expense, as the server answers it, with the schedule derived from the occurrence rule. */
export const ZExpense = z.object({
  companyExpenseId: z.number(),
  expenseTypeId: z.number(),
  expenseTypeName: z.string(),
  /** True for a reimbursement: it adds to pay instead of being deducted. */
  isReimbursement: z.boolean(),
  /** The description. */
  expenseName: z.string(),
  amount: z.string(),
  frequencyTypeId: z.number(),
  frequencyTypeName: z.string(),
  occurences: z.number().nullable(),
  expenseDate: z.string().nullable(),
  expenseStartDate: z.string().nullable(),
  expenseEndDate: z.string().nullable(),
  /** The receiver: a driver of the company, or null for a company expense. */
  expenseUserId: z.number().nullable(),
  expenseUserName: z.string().nullable(),
  comments: z.string().nullable(),
  /** The next occurrence on or after the list's day; null when none is left. */
  nextOccurrenceDate: z.string().nullable(),
  /** Occurrences left from that day on; null when the expense recurs without an end. */
  remainingOccurrences: z.number().nullable(),
  updatedOn: z.string(),
});
export type TExpense = z.infer<typeof ZExpense>;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** A required, positive amount: blank is 'Field is required'; '$1,234.5' is read as 1234.50. */
const requiredAmount = () =>
  z
    .preprocess(blankToUndefined, z.custom<string | number>((v) => v !== undefined, { error: MSG.required }).pipe(ZMoney))
    .refine((v) => (toCents(v) ?? 0) > 0, { error: EXPENSE_TEXT.positiveAmount });

/**
 * Spec §5 Expense form. `companyExpenseId` 0 or absent adds an expense. Besides the spec's
 * required fields, the occurrence rule needs a first day (the expense date or the start date) and
 * an end date not before it; `occurences` 0 or blank means no limit.
 */
export const ZExpenseForm = z
  .object({
    companyExpenseId: editId(),
    expenseTypeId: requiredId(MSG.required, MAX_SMALL_ID),
    expenseName: requiredText(MSG.required, 200),
    amount: requiredAmount(),
    frequencyTypeId: requiredId(MSG.required, MAX_SMALL_ID),
    occurences: optionalNumber({ min: 0, max: MAX_OCCURRENCES, int: true }).transform((v) => v || null),
    expenseDate: filterDate(),
    expenseStartDate: filterDate(),
    expenseEndDate: filterDate(),
    expenseUserId: filterId(),
    comments: optionalText(2000),
    updatedOn: versionField(),
  })
  .superRefine((form, ctx) => {
    const anchor = expenseAnchor(form);
    if (!anchor) {
      const path = form.frequencyTypeId === FREQUENCY.OneTime ? 'expenseDate' : 'expenseStartDate';
      ctx.addIssue({ code: 'custom', path: [path], message: EXPENSE_TEXT.needsDate });
    } else if (form.expenseEndDate && form.expenseEndDate < anchor) {
      ctx.addIssue({ code: 'custom', path: ['expenseEndDate'], message: EXPENSE_TEXT.endBeforeStart });
    }
  });
export type TExpenseForm = z.input<typeof ZExpenseForm>;
export type TExpenseFormOutput = z.output<typeof ZExpenseForm>;

/** GET /api/Expense: `today` is the day the schedule counts from (the browser's date; default the server's UTC date). */
export const ZExpenseListQuery = z.object({ today: filterDate() });

export const ZExpenseIdQuery = z.object({ id: requiredId() });

export const expenseRoutes = {
  getExpenses: defineRoute({
    method: 'GET',
    path: '/api/Expense',
    summary: 'Expenses of the active company with their next and remaining occurrences',
    tag: 'Expenses',
    access: onObject('ExpenseAdminPage', 'Read'),
    query: ZExpenseListQuery,
    response: z.array(ZExpense),
    list: { cap: 5000, noun: 'expenses', newest: true },
  }),
  addUpdateExpense: defineRoute({
    method: 'POST',
    path: '/api/Expense/AddUpdateExpense',
    summary: 'Add (companyExpenseId 0) or edit an expense; the receiver is a driver of the company or none',
    tag: 'Expenses',
    access: onObject('ExpenseAdminPage', 'DenyDelete'),
    body: ZExpenseForm,
    response: ZTextReply,
  }),
  deleteExpense: defineRoute({
    method: 'DELETE',
    path: '/api/Expense',
    summary: 'Delete an expense',
    tag: 'Expenses',
    access: onObject('ExpenseAdminPage', 'Write'),
    query: ZExpenseIdQuery,
    response: ZTextReply,
  }),
} as const;
