import { FREQUENCY, type TExpense, toCents } from '@haulboard/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, IconButton, Stack, Tooltip } from '@mui/material';
import { DataTable, type TColumn } from '../../../components/data-table';
import { formatDate, formatMoney } from '../../../lib/format';

/** One line that ends in an ellipsis when the column is narrow; hovering shows all of it. */
const line = (text: string, secondary = false) => (
  <Box component="span" title={text} sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', color: secondary ? 'text.secondary' : undefined }}>
    {text}
  </Box>
);

/** A reimbursement adds to pay: shown with a plus sign. */
export const signedAmount = (e: TExpense) => (e.isReimbursement ? `+${formatMoney(e.amount)}` : formatMoney(e.amount));

/** When the rule starts and ends: 'MM/DD/YYYY', and ' – MM/DD/YYYY' when it has an end date. */
const period = (e: TExpense) => {
  const first = e.frequencyTypeId === FREQUENCY.OneTime ? (e.expenseDate ?? e.expenseStartDate) : (e.expenseStartDate ?? e.expenseDate);
  return e.expenseEndDate && e.frequencyTypeId !== FREQUENCY.OneTime ? `${formatDate(first)} – ${formatDate(e.expenseEndDate)}` : formatDate(first);
};

/** 'No end' for a recurring expense without a limit, else the count left. */
export const remainingText = (e: TExpense) => (e.remainingOccurrences === null ? 'No end' : String(e.remainingOccurrences));

const frequencyText = (e: TExpense) => (e.occurences && e.frequencyTypeId !== FREQUENCY.OneTime ? `${e.frequencyTypeName} × ${e.occurences}` : e.frequencyTypeName);

type TExpenseTableProps = {
  expenses: TExpense[];
  loading: boolean;
  /** Spec §6: edit needs DenyDelete or Write; delete needs Write. */
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (expense: TExpense) => void;
  onDelete: (expense: TExpense) => void;
};

/** Spec §2 accounting/expenses: a sortable table with edit and delete, and each expense's next and remaining occurrences. */
export function ExpenseTable({ expenses, loading, canEdit, canDelete, onEdit, onDelete }: TExpenseTableProps) {
  const actionCount = Number(canEdit) + Number(canDelete);
  const actions: TColumn<TExpense>[] = actionCount
    ? [
        {
          id: 'actions',
          header: 'Actions',
          sortable: false,
          width: Math.max(92, 32 + 32 * actionCount),
          cell: (e) => (
            <Stack direction="row" spacing={0.5}>
              {canEdit && (
                <Tooltip title={`Edit ${e.expenseName}`}>
                  <IconButton size="small" aria-label={`Edit ${e.expenseName}`} onClick={() => onEdit(e)}>
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {canDelete && (
                <Tooltip title={`Delete ${e.expenseName}`}>
                  <IconButton size="small" aria-label={`Delete ${e.expenseName}`} onClick={() => onDelete(e)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          ),
        },
      ]
    : [];
  const columns: TColumn<TExpense>[] = [
    ...actions,
    {
      id: 'expenseName',
      header: 'Description',
      cell: (e) => (
        <>
          {line(e.expenseName)}
          {line(e.expenseTypeName, true)}
        </>
      ),
      width: 250,
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (e) => signedAmount(e),
      sortValue: (e) => (toCents(e.amount) ?? 0) * (e.isReimbursement ? -1 : 1),
      width: 110,
    },
    { id: 'expenseUserName', header: 'Driver', cell: (e) => line(e.expenseUserName ?? 'Company'), sortValue: (e) => e.expenseUserName ?? '', width: 150 },
    { id: 'frequencyTypeName', header: 'Frequency', cell: (e) => frequencyText(e), width: 150 },
    { id: 'period', header: 'Dates', cell: (e) => period(e), sortValue: (e) => e.expenseStartDate ?? e.expenseDate ?? '', width: 190, hideOnMobile: true, hideBelow: 1440 },
    { id: 'nextOccurrenceDate', header: 'Next', cell: (e) => formatDate(e.nextOccurrenceDate) || '—', width: 110 },
    {
      id: 'remainingOccurrences',
      header: 'Remaining',
      align: 'right',
      cell: (e) => remainingText(e),
      sortValue: (e) => e.remainingOccurrences ?? Number.MAX_SAFE_INTEGER,
      width: 104,
    },
    { id: 'comments', header: 'Comments', cell: (e) => line(e.comments ?? '', true), sortable: false, width: 200, hideBelow: 1440 },
  ];
  return (
    <DataTable
      aria-label="Expenses"
      fill
      columns={columns}
      rows={expenses}
      rowKey={(e) => e.companyExpenseId}
      loading={loading}
      emptyText="No expenses yet"
    />
  );
}
