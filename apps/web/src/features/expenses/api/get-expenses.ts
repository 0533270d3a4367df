import { expenseRoutes } from '@haulboard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { callRoute } from '../../../lib/api-client';

/** Today in the browser's calendar: the day the table's next and remaining occurrences count from. */
export const localToday = () => dayjs().format('YYYY-MM-DD');

/** GET /api/Expense: the active company's expenses with their schedule from `today`. */
export const expensesQuery = (today: string = localToday()) =>
  queryOptions({
    queryKey: ['expenses', today],
    queryFn: ({ signal }) => callRoute(expenseRoutes.getExpenses, { query: { today }, signal }),
  });

export const useExpenses = () => useQuery(expensesQuery());
