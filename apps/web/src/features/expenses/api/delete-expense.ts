import { expenseRoutes, SUCCESS } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import { useTextMutation } from '../../../lib/mutation';
import { invalidateExpenses } from './invalidate-expenses';

/** DELETE /api/Expense?id= ('Expense deleted successfully'). */
export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (id: number) => callRoute(expenseRoutes.deleteExpense, { query: { id } }),
    successMessage: SUCCESS.expenseDeleted,
    onSuccess: () => invalidateExpenses(queryClient),
  });
}
