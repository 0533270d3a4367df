import { settlementRoutes, type TCloseCheckKind } from '@haulboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, fetchRouteFile } from '../../../lib/api-client';
import { download } from '../../../lib/download';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { notifyFailure, useTextMutation } from '../../../lib/mutation';

/** GET /api/Settlement/Week: every driver's totals, whether the week is closed, and its history. */
export const settlementWeekQuery = (weekId: number) =>
  queryOptions({
    queryKey: ['settlements', 'week', weekId],
    queryFn: ({ signal }) => callRoute(settlementRoutes.getWeek, { query: { weekId }, signal }),
  });

/**
 * No placeholder data: the previous week's answer shown under a newly chosen week would put its
 * figures, statement numbers and Close or Reopen button under the wrong week while it loads.
 */
export const useSettlementWeek = (weekId: number | null, enabled: boolean) => useQuery({ ...settlementWeekQuery(weekId ?? 0), enabled: enabled && !!weekId });

/** GET /api/Settlement/Statement: one driver's statement (a driver: their own, driverId not sent). */
export const statementQuery = (weekId: number, driverId: number | null) =>
  queryOptions({
    queryKey: ['settlements', 'statement', weekId, driverId],
    queryFn: ({ signal }) => callRoute(settlementRoutes.getStatement, { query: { weekId, driverId: driverId ?? undefined }, signal }),
  });

export const useStatement = (weekId: number | null, driverId: number | null, enabled: boolean) =>
  useQuery({ ...statementQuery(weekId ?? 0, driverId), enabled: enabled && !!weekId });

/** GET /api/Settlement/CloseChecklist: what is still open in the week, asked afresh each time the close dialog opens. */
export const useCloseChecklist = (weekId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['settlements', 'close-checklist', weekId],
    queryFn: ({ signal }) => callRoute(settlementRoutes.getCloseChecklist, { query: { weekId }, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

/** A PDF download; a refusal or failure shows as an error toast. */
function useDownload<TVars>(fetchFile: (vars: TVars) => Promise<{ blob: Blob; fileName: string | null }>, fallbackName: (vars: TVars) => string) {
  return useMutation<void, unknown, TVars>({
    mutationFn: async (vars) => {
      const { blob, fileName } = await fetchFile(vars);
      download(blob, fileName ?? fallbackName(vars));
    },
    onError: (error) => notifyFailure(error),
  });
}

export const useDownloadStatementPdf = () =>
  useDownload(
    ({ weekId, driverId }: { weekId: number; driverId: number | null }) =>
      fetchRouteFile(settlementRoutes.getStatementPdf, { query: { weekId, driverId: driverId ?? undefined } }),
    ({ weekId }) => `settlement-week-${weekId}.pdf`,
  );

export const useDownloadWeekPdf = () =>
  useDownload(
    ({ weekId }: { weekId: number }) => fetchRouteFile(settlementRoutes.getWeekPdf, { query: { weekId } }),
    ({ weekId }) => `settlements-week-${weekId}.pdf`,
  );

/**
 * POST /api/Settlement/CloseWeek (with the checklist kinds confirmed) or ReopenWeek. The reply is a
 * text ('Week … closed: 6 statements frozen'); an ERROR reply shows as an error toast. Statements,
 * the week and the dashboard change.
 */
export function useWeekAction(action: 'close' | 'reopen', { onDone, idempotency }: TKeyedOptions & { onDone?: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: ({ weekId, confirmed = [] }: { weekId: number; confirmed?: TCloseCheckKind[] }, idempotencyKey) =>
      action === 'close'
        ? callRoute(settlementRoutes.closeWeek, { body: { weekId, confirmed }, idempotencyKey })
        : callRoute(settlementRoutes.reopenWeek, { body: { weekId }, idempotencyKey }),
    idempotency,
    onSuccess: async () => {
      onDone?.();
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['settlements'] }), queryClient.invalidateQueries({ queryKey: ['driver-dashboard'] })]);
    },
  });
}
