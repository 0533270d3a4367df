import { expenseRoutes, SUCCESS, type TExpenseForm } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';
import { invalidateExpenses } from './invalidate-expenses';

/**
 * POST /api/Expense/AddUpdateExpense ('Expense updated successfully'); companyExpenseId 0 adds one.
 * A refusal (a stale form, a receiver who is no longer a driver) shows as an error toast and
 * `onSaved` does not run, so the dialog keeps what was typed.
 */
export function useUpsertExpense({ onSaved, idempotency }: TKeyedOptions & { onSaved?: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (form: TExpenseForm, idempotencyKey) => callRoute(expenseRoutes.addUpdateExpense, { body: form, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.expenseUpdated,
    onSuccess: async () => {
      onSaved?.();
      await invalidateExpenses(queryClient);
    },
  });
}
