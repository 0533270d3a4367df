import type { TImportKind, TImportPreset } from '@haulboard/contract';
import CancelIcon from '@mui/icons-material/Cancel';
import { Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useIdempotencyKey } from '../../lib/idempotency';
import { ConfirmDialog } from '../confirm-dialog';
import { useDeletePreset, useImportPresets } from './import-api';

/** The company's saved column mappings of a kind (files with their header are recognised); deleting one needs Write. */
export function SavedPresets({ kind, canDelete }: { kind: TImportKind; canDelete: boolean }) {
  const presets = useImportPresets(kind);
  const [deleting, setDeleting] = useState<TImportPreset | null>(null);
  const remove = useDeletePreset(kind, { idempotency: useIdempotencyKey(!!deleting) });
  if (!presets.data?.length) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1 }} role="list" aria-label="Saved column mappings">
      <Typography variant="body2" color="text.secondary">
        Saved column mappings:
      </Typography>
      {presets.data.map((p) => (
        <Chip
          key={p.presetId}
          role="listitem"
          size="small"
          variant="outlined"
          label={p.name}
          title={p.headers.join(', ')}
          onDelete={canDelete ? () => setDeleting(p) : undefined}
          deleteIcon={<CancelIcon aria-label={`Delete ${p.name}`} />}
        />
      ))}
      <ConfirmDialog
        open={!!deleting}
        title="Delete column mapping"
        text={deleting ? `Are you sure you want to delete ${deleting.name}` : ''}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutateAsync(deleting.presetId, { onSettled: () => setDeleting(null) })}
      />
    </Stack>
  );
}
