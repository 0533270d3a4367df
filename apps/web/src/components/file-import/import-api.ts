import { importRoutes, type TColumnMapping, type TImportHistoryKind, type TImportKind, type TImportPreview } from '@haulboard/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client';
import { download } from '../../lib/download';
import type { TKeyedOptions } from '../../lib/idempotency';
import { notifyFailure, useTextMutation } from '../../lib/mutation';

/**
 * The import pipeline's calls (packages/contract/src/imports.ts), shared by every page that
 * imports a file: preview an upload, confirm it, its problem report, the history with undo, and
 * the company's saved column mappings.
 */

export type TPreviewRequest = {
  kind: TImportKind;
  file: File;
  year?: number | null;
  quarter?: number | null;
  mapping?: TColumnMapping | null;
  /** Miles: a file's unit → the fleet's unit. */
  unitMap?: Record<string, string> | null;
};

export const historyKey = (kind: TImportHistoryKind) => ['imports', 'history', kind] as const;
const presetsKey = (kind: TImportKind) => ['imports', 'presets', kind] as const;

/** POST /api/Imports/Preview: what importing the file would do. Nothing is saved. */
export function usePreviewImport() {
  return useMutation<TImportPreview, unknown, TPreviewRequest>({
    mutationFn: ({ kind, file, year, quarter, mapping, unitMap }) =>
      callRoute(importRoutes.preview, {
        upload: {
          fields: {
            kind,
            year: year ?? undefined,
            quarter: quarter ?? undefined,
            mapping: mapping ? JSON.stringify(mapping) : undefined,
            unitMap: unitMap && Object.keys(unitMap).length ? JSON.stringify(unitMap) : undefined,
          },
          files: [file],
        },
      }),
    onError: (error) => notifyFailure(error),
  });
}

/**
 * POST /api/Imports/Confirm: saves the previewed file whole (`replace`: and replaces the stored figures
 * it changes); `onImported` refreshes what shows its rows.
 */
export function useConfirmImport(kind: TImportKind, onImported: () => unknown, { idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: ({ previewId, replace }: { previewId: string; replace: boolean }, idempotencyKey) =>
      callRoute(importRoutes.confirm, { body: replace ? { previewId, replace } : { previewId }, idempotencyKey }),
    idempotency,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: historyKey(kind) }), onImported()]);
    },
  });
}

/** GET /api/Imports/Report: the preview's full row report, downloaded as CSV. */
export async function downloadImportReport(preview: Pick<TImportPreview, 'previewId' | 'fileName'>) {
  try {
    const csv = await callRoute(importRoutes.report, { query: { previewId: preview.previewId } });
    download(String(csv), `${preview.fileName.replace(/\.[^.]+$/, '')} - problems.csv`);
  } catch (error) {
    notifyFailure(error);
  }
}

export const importHistoryQuery = (kind: TImportHistoryKind) =>
  queryOptions({
    queryKey: historyKey(kind),
    queryFn: ({ signal }) => callRoute(importRoutes.history, { query: { kind }, signal }),
  });

export const useImportHistory = (kind: TImportHistoryKind) => useQuery(importHistoryQuery(kind));

/** DELETE /api/Imports?id=: removes exactly the rows that import added. */
export function useUndoImport(kind: TImportHistoryKind, onUndone: () => unknown, { idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (importId: number, idempotencyKey) => callRoute(importRoutes.undo, { query: { id: importId }, idempotencyKey }),
    idempotency,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: historyKey(kind) }), onUndone()]);
    },
  });
}

export const useImportPresets = (kind: TImportKind) =>
  useQuery({
    queryKey: presetsKey(kind),
    queryFn: ({ signal }) => callRoute(importRoutes.presets, { query: { kind }, signal }),
  });

/** POST /api/Imports/Presets: the mapping under a name; a file with the same header is recognised next time. */
export function useSavePreset(kind: TImportKind, { onSaved, idempotency }: TKeyedOptions & { onSaved?: () => void }) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (form: { name: string; headers: string[]; mapping: TColumnMapping }, idempotencyKey) => callRoute(importRoutes.savePreset, { body: { kind, ...form }, idempotencyKey }),
    idempotency,
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: presetsKey(kind) });
    },
  });
}

export function useDeletePreset(kind: TImportKind, { idempotency }: TKeyedOptions) {
  const queryClient = useQueryClient();
  return useTextMutation({
    mutationFn: (presetId: number, idempotencyKey) => callRoute(importRoutes.deletePreset, { query: { id: presetId }, idempotencyKey }),
    idempotency,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetsKey(kind) }),
  });
}
