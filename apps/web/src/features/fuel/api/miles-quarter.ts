import { milesEditRoutes, type TIftaMilesQuarterForm } from '@haulboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { useTextMutation } from '../../../lib/mutation';

export type TMilesQuarterKey = { year: number; quarter: number; unitNumber: string };

/** The miles list and the miles import history (a change by hand is an entry of it). */
const refreshMiles = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: ['fuel'] }), queryClient.invalidateQueries({ queryKey: ['imports', 'history', 'miles'] })]);

/** POST /api/Accounting/SaveIftaMilesQuarter: the figures entered replace the unit's quarter. */
export function useSaveMilesQuarter({ idempotency, onSaved }: TKeyedOptions & { onSaved: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (form: TIftaMilesQuarterForm, idempotencyKey) => callRoute(milesEditRoutes.saveIftaMilesQuarter, { body: form, idempotencyKey }),
    idempotency,
    onSuccess: async () => {
      onSaved();
      await refreshMiles(queryClient);
    },
  });
}

/** DELETE /api/Accounting/DeleteIftaMilesQuarter: every row of the unit's quarter. */
export function useDeleteMilesQuarter({ idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (key: TMilesQuarterKey, idempotencyKey) => callRoute(milesEditRoutes.deleteIftaMilesQuarter, { query: key, idempotencyKey }),
    idempotency,
    onSuccess: () => refreshMiles(queryClient),
  });
}
