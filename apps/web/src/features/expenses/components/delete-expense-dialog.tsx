import type { TExpense } from '@haulboard/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useDeleteExpense } from '../api/delete-expense';

/** Spec §5: 'Are you sure you want to delete {description}' with Cancel / Confirm. */
export function DeleteExpenseDialog({ expense, onClose }: { expense: TExpense; onClose: () => void }) {
  const remove = useDeleteExpense({ idempotency: useIdempotencyKey() });
  return (
    <ConfirmDialog
      open
      title="Delete expense"
      text={`Are you sure you want to delete ${expense.expenseName}`}
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutateAsync(expense.companyExpenseId, { onSettled: onClose })}
    />
  );
}
