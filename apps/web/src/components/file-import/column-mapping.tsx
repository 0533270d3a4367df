import type { TColumnMapping, TImportKind, TImportPreview } from '@haulboard/contract';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useIdempotencyKey } from '../../lib/idempotency';
import { useSavePreset } from './import-api';

/** What the mapping step needs of a file: its header, first rows, our fields and the mapping applied last. */
type TMappingSource = Pick<TImportPreview, 'headers' | 'sampleRows' | 'fields' | 'mapping'>;

type TColumnMappingProps = {
  kind: TImportKind;
  preview: TMappingSource;
  busy: boolean;
  /** Reads the file again with this mapping. */
  onApply: (mapping: TColumnMapping) => void;
};

/** The first non-empty example of a column in the file's first rows. */
const exampleOf = (preview: TMappingSource, header: string) => {
  const at = preview.headers.indexOf(header);
  if (at < 0) return '';
  return preview.sampleRows.map((r) => r[at] ?? '').find((v) => v.trim() !== '') ?? '';
};

/** Our field ← their column, each with an example from the file; apply it, or save it as a named preset. */
export function ColumnMapping({ kind, preview, busy, onApply }: TColumnMappingProps) {
  const [mapping, setMapping] = useState<TColumnMapping>(() => ({ ...(preview.mapping ?? {}) }));
  const [name, setName] = useState('');
  const save = useSavePreset(kind, { onSaved: () => setName(''), idempotency: useIdempotencyKey() });
  const chosen = Object.fromEntries(Object.entries(mapping).filter(([, column]) => column));
  const missing = preview.fields.filter((f) => f.required && !chosen[f.key]);

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        For each of our fields, choose the column of your file that holds it. Fields marked * are required.
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(240px, 1fr))' } }}>
        {preview.fields.map((field) => {
          const column = mapping[field.key] ?? '';
          const example = column ? exampleOf(preview, column) : '';
          return (
            <TextField
              key={field.key}
              select
              size="small"
              label={field.label}
              required={field.required}
              value={preview.headers.includes(column) ? column : ''}
              onChange={(e) => setMapping((m) => ({ ...m, [field.key]: e.target.value }))}
              helperText={example ? `e.g. ${example}` : (field.hint ?? ' ')}
              slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
            >
              <MenuItem value="">
                <em>Not in this file</em>
              </MenuItem>
              {preview.headers.map((header, i) => (
                // Headers may repeat; the position keeps each item distinct.
                <MenuItem key={`${header}-${i}`} value={header}>
                  {header || `(column ${i + 1})`}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}>
        <Button variant="outlined" disabled={busy || missing.length > 0} onClick={() => onApply(chosen)} sx={{ flexShrink: 0 }}>
          Apply mapping
        </Button>
        <TextField
          size="small"
          label="Preset name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          helperText={missing.length ? `Choose a column for: ${missing.map((f) => f.label).join(', ')}` : 'Files with the same header are recognised next time'}
          sx={{ minWidth: { sm: 260 } }}
        />
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<SaveOutlinedIcon />}
          disabled={!name.trim() || missing.length > 0 || !preview.headers.length}
          loading={save.isPending}
          onClick={() => save.mutate({ name: name.trim(), headers: preview.headers, mapping: chosen })}
          sx={{ flexShrink: 0 }}
        >
          Save as preset
        </Button>
      </Stack>
    </Box>
  );
}
