import { iftaReturnRoutes, type TIftaQuarter, type TIftaReturnSettings } from '@haulboard/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, fetchRouteFile } from '../../../lib/api-client';
import { download } from '../../../lib/download';
import type { TKeyedOptions } from '../../../lib/idempotency';
import { notifyFailure, useTextMutation } from '../../../lib/mutation';

const returnKey = ['fuel', 'return'] as const;

/** POST /api/Accounting/GetIftaReturn: the quarter's worksheet. */
export const iftaReturnQuery = (q: { year: number; quarter: number }) =>
  queryOptions({
    queryKey: [...returnKey, q],
    queryFn: ({ signal }) => callRoute(iftaReturnRoutes.getIftaReturn, { body: q, signal }),
    placeholderData: keepPreviousData,
  });

export const useIftaReturn = (q: { year: number; quarter: number | null }) =>
  useQuery({ ...iftaReturnQuery({ year: q.year, quarter: q.quarter ?? 1 }), enabled: !!q.quarter });

/** POST /api/Accounting/UploadIftaRates: the quarter's matrix CSV; the worksheet is read again. */
export function useUploadIftaRates({ onDone, idempotency }: TKeyedOptions & { onDone?: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation<{ year: number; quarter: number; file: File }>({
    mutationFn: ({ year, quarter, file }, idempotencyKey) =>
      callRoute(iftaReturnRoutes.uploadIftaRates, { upload: { fields: { Year: year, Quarter: quarter }, files: [file] }, idempotencyKey }),
    idempotency,
    onSuccess: async () => {
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: returnKey });
    },
  });
}

/** POST /api/Accounting/IftaReturnSettings: rounding and account number. */
export function useSaveIftaReturnSettings({ onDone, idempotency }: TKeyedOptions & { onDone?: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation<TIftaReturnSettings>({
    mutationFn: (body, idempotencyKey) => callRoute(iftaReturnRoutes.saveIftaReturnSettings, { body, idempotencyKey }),
    idempotency,
    onSuccess: async () => {
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: returnKey });
    },
  });
}

/** The worksheet as CSV or PDF, saved under the server's file name; a failure shows as an error toast. */
export function useDownloadIftaReturn() {
  return useMutation<void, unknown, { format: 'csv' | 'pdf'; q: TIftaQuarter }>({
    mutationFn: async ({ format, q }) => {
      const def = format === 'csv' ? iftaReturnRoutes.getIftaReturnCsv : iftaReturnRoutes.getIftaReturnPdf;
      const { blob, fileName } = await fetchRouteFile(def, { query: q });
      download(blob, fileName ?? `ifta-return-${q.year}-Q${q.quarter}.${format}`);
    },
    onError: (error) => notifyFailure(error),
  });
}
