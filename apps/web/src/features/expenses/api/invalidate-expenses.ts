import type { QueryClient } from '@tanstack/react-query';

/** After an expense changes: every cached expense list (whatever day it was counted from). */
export const invalidateExpenses = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['expenses'] });
