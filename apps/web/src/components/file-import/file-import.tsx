import { replyKind, type TColumnMapping, type TImportKind, type TImportPreview } from '@haulboard/contract';
import { Box } from '@mui/material';
import { useState } from 'react';
import { useIdempotencyKey } from '../../lib/idempotency';
import { FileDrop } from './file-drop';
import { useConfirmImport, usePreviewImport } from './import-api';
import { ImportPreview } from './import-preview';
import { SavedPresets } from './saved-presets';

type TFileImportProps = {
  kind: TImportKind;
  /** A mileage file's quarter, when the file does not say. */
  year?: number | null;
  quarter?: number | null;
  hint?: string;
  disabled?: boolean;
  /** Deleting a saved column mapping needs Write on the page. */
  canDeletePresets?: boolean;
  /** Refreshes what shows the imported rows. */
  onImported: () => unknown;
};

/**
 * The upload flow every import page shares: choose or drop a file → a preview of what it would add,
 * skip, flag and refuse (with the column mapping for a layout not recognised) → Confirm saves it
 * whole and the reply is the toast. Nothing is saved before Confirm.
 */
export function FileImport({ kind, year, quarter, hint, disabled, canDeletePresets = false, onImported }: TFileImportProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const read = usePreviewImport();
  // One key per previewed file: a doubled Confirm imports it once.
  const confirm = useConfirmImport(kind, onImported, { idempotency: useIdempotencyKey(!!preview) });

  const run = (next: File, mapping?: TColumnMapping, unitMap?: Record<string, string>) => {
    setFile(next);
    read.mutate(
      { kind, file: next, year, quarter, mapping: mapping ?? preview?.mapping, unitMap: unitMap ?? preview?.unitMap },
      {
        // The file's header comes with the mapping step only; once a mapping is applied it stays
        // on screen, so the person can correct it or save it as a preset.
        onSuccess: (answer) =>
          setPreview((shown) =>
            mapping && !answer.headers.length && shown?.headers.length
              ? { ...answer, headers: shown.headers, sampleRows: shown.sampleRows, fields: shown.fields, mapping }
              : answer,
          ),
      },
    );
  };
  const close = () => {
    setPreview(null);
    setFile(null);
  };
  const save = (replace: boolean) => preview && confirm.mutate({ previewId: preview.previewId, replace }, { onSuccess: (text) => replyKind(text) !== 'error' && close() });

  return (
    <Box sx={{ mb: 2 }}>
      {!preview && (
        <>
          <FileDrop onFile={(f) => run(f)} busy={read.isPending} disabled={disabled} hint={hint} />
          <SavedPresets kind={kind} canDelete={canDeletePresets} />
        </>
      )}
      {preview && file && (
        <ImportPreview
          kind={kind}
          preview={preview}
          busy={read.isPending}
          confirming={confirm.isPending}
          onRemap={(mapping) => run(file, mapping)}
          onMapUnits={(unitMap) => run(file, undefined, unitMap)}
          onCancel={close}
          onConfirm={() => save(false)}
          onReplace={() => save(true)}
        />
      )}
    </Box>
  );
}
