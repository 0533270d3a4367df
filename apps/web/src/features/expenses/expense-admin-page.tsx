import type { TExpense } from '@haulboard/contract';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useReopenDraft } from '../../lib/form-draft';
import { failureMessage } from '../../lib/mutation';
import { useCan } from '../../lib/permissions';
import { expensesQuery, useExpenses } from './api/get-expenses';
import { DeleteExpenseDialog } from './components/delete-expense-dialog';
import { ExpenseDialog } from './components/expense-dialog';
import { ExpenseTable } from './components/expense-table';

/** The dialog's state: closed, adding an expense, or editing one. */
type TEditing = { expense: TExpense | null } | null;

/** Spec §2 accounting/expenses: the Expenses page with add, edit and delete. */
export function ExpenseAdminPage() {
  const expenses = useExpenses();
  // Adding and editing need DenyDelete (the server's AddUpdateExpense level); deleting needs Write.
  const canEdit = useCan('ExpenseAdminPage', 'DenyDelete');
  const canDelete = useCan('ExpenseAdminPage', 'Write');
  const [editing, setEditing] = useState<TEditing>(null);
  const [deleting, setDeleting] = useState<TExpense | null>(null);
  // After signing in again, a dialog cut off by the session's end opens with what was typed.
  const queryClient = useQueryClient();
  useReopenDraft('expense', {
    onNew: () => canEdit && setEditing({ expense: null }),
    find: async (id) => (await queryClient.fetchQuery(expensesQuery())).find((e) => e.companyExpenseId === id) ?? null,
    onEdit: (expense: TExpense) => canEdit && setEditing({ expense }),
  });
  return (
    <>
      <PageHeader
        title="Expenses"
        actions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ expense: null })}>
              Add expense
            </Button>
          )
        }
      />
      {expenses.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(expenses.error)}
        </Alert>
      )}
      <ExpenseTable
        expenses={expenses.data ?? []}
        loading={expenses.isFetching}
        canEdit={canEdit}
        canDelete={canDelete}
        onEdit={(expense) => setEditing({ expense })}
        onDelete={setDeleting}
      />
      {editing && <ExpenseDialog key={editing.expense?.companyExpenseId ?? 'new'} expense={editing.expense} onClose={() => setEditing(null)} />}
      {deleting && <DeleteExpenseDialog key={deleting.companyExpenseId} expense={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
