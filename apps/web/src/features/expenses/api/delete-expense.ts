import { expenseRoutes, SUCCESS } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';
import { invalidateExpenses } from './invalidate-expenses';

/** DELETE /api/Expense?id= ('Expense deleted successfully'). */
export function useDeleteExpense({ idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (id: number, idempotencyKey) => callRoute(expenseRoutes.deleteExpense, { query: { id }, idempotencyKey }),
    idempotency,
    successMessage: SUCCESS.expenseDeleted,
    onSuccess: () => invalidateExpenses(queryClient),
  });
}
