import { showFieldErrors } from '../../../lib/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { type TLoad, type TLoadForm, ZLoadForm } from '@haulboard/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery } from '@mui/material';
import dayjs from 'dayjs';
import { type Resolver, useForm } from 'react-hook-form';
import { formatDateTime } from '../../../lib/format';
import { useUpsertLoad } from '../api/upsert-load';
import { emptyLoadValues, isPayoutManual, loadValuesOf, type TLoadFormValues, toLoadBody } from '../lib/load-form';
import { LoadFormFields } from './load-form-fields';

export type TLoadDialogTarget = { mode: 'add'; weekId: number | null; year: number | null } | { mode: 'edit' | 'view'; load: TLoad };

type TLoadDialogProps = { target: TLoadDialogTarget; onClose: () => void };

// The same schema the server validates with; `raw` hands the typed values to the submit handler,
// which turns local date-times into instants before sending.
const resolver = zodResolver(ZLoadForm, undefined, { raw: true }) as unknown as Resolver<TLoadFormValues>;

/**
 * Spec §2 load dialog: add, edit (or view without DenyDelete), and duplicate an edited load as a
 * new one. It ignores backdrop clicks, and Escape while there are unsaved changes. A refusal keeps
 * the dialog open with the person's data.
 */
export function LoadDialog({ target, onClose }: TLoadDialogProps) {
  const load = target.mode === 'add' ? null : target.load;
  const readOnly = target.mode === 'view';
  const fullScreen = useMediaQuery('(max-width:768px)', { noSsr: true });
  const defaults = load ? loadValuesOf(load) : emptyLoadValues(target.mode === 'add' ? target.weekId : null);
  const form = useForm<TLoadFormValues>({ resolver, defaultValues: defaults, mode: 'onTouched' });
  const upsert = useUpsertLoad({ onSaved: onClose });
  const { isDirty, isValid } = form.formState;
  const busy = upsert.isPending;

  const send = (body: TLoadForm) =>
    upsert.mutateAsync(body).catch((error: unknown) => showFieldErrors(form.setError, error, Object.keys(defaults)));
  const save = form.handleSubmit((values) => send(toLoadBody(values, { loadId: load?.loadId ?? 0, updatedOn: load?.updatedOn ?? null })));
  const duplicate = form.handleSubmit((values) => send(toLoadBody(values, { loadId: 0, updatedOn: null })));

  const weekYear = load ? dayjs(load.loadStartDate).year() : target.mode === 'add' && target.year ? target.year : new Date().getFullYear();
  const names = load?.loadDriverNames ? load.loadDriverNames.split(', ') : [];
  const title = target.mode === 'add' ? 'Add load' : readOnly ? `Load ${load!.loadNumber}` : `Edit load ${load!.loadNumber}`;

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      onClose={(_event, reason) => {
        if (busy || reason === 'backdropClick' || (reason === 'escapeKeyDown' && isDirty)) return;
        onClose();
      }}
      aria-labelledby="load-dialog-title"
      slotProps={{ paper: { component: 'form', onSubmit: save, noValidate: true } as object }}
    >
      <DialogTitle id="load-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        <LoadFormFields
          control={form.control}
          disabled={readOnly || busy}
          brokerId={load?.brokerId ?? null}
          weekYear={weekYear}
          initialPayoutManual={load ? isPayoutManual(defaults) : false}
          loadDrivers={(load?.loadDrivers ?? []).map((id, i) => ({ value: id, label: names[i] ?? `Driver ${id}` }))}
        />
        {load && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
            Created {formatDateTime(load.createdOn)}
            {load.createdBy ? ` by ${load.createdBy}` : ''} · Updated {formatDateTime(load.updatedOn)}
            {load.updatedBy ? ` by ${load.updatedBy}` : ''}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {target.mode === 'edit' && (
          <Button
            type="button"
            startIcon={<ContentCopyIcon />}
            onClick={duplicate}
            disabled={!isValid || busy}
            title="Save these details as a new load"
          >
            Duplicate
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button type="button" onClick={onClose} disabled={busy} color="inherit">
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {!readOnly && (
          <Button type="submit" variant="contained" loading={busy} disabled={!isValid}>
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
