import { BOARD_BROKER_ID, type TImportedLoad, type TLoad, type TLoadForm, ZImportLoadForm, ZLoadForm } from '@haulboard/contract';
import { toNestErrors } from '@hookform/resolvers';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery } from '@mui/material';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type FieldError, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DiscardChangesDialog } from '../../../components/discard-changes-dialog';
import { useRunOnce } from '../../../components/form-dialog';
import { FormLimits } from '../../../components/form-fields';
import { DRAFT_RESTORED_TEXT, useFormDraft } from '../../../lib/form-draft';
import { showFieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { closedWeekOf, closedWeekReason } from '../../../lib/lookups';
import { useWorkWeekList } from '../api/board-lookups';
import { useUpsertLoad } from '../api/upsert-load';
import { emptyLoadValues, importedLoadValuesOf, isPayoutManual, loadValuesOf, type TLoadFormValues, toLoadBody } from '../lib/load-form';
import { LoadDetails } from './load-details';
import { LoadFormFields } from './load-form-fields';

export type TLoadDialogTarget =
  | { mode: 'add'; weekId: number | null; year: number | null }
  | { mode: 'edit' | 'view'; load: TLoad }
  /** A load read from the board, edited before the import saves it (payout required there): nothing is sent from here. */
  | { mode: 'import'; load: TImportedLoad; onSave: (body: TLoadForm) => void };

type TLoadDialogProps = { target: TLoadDialogTarget; onClose: () => void };

/**
 * The same schema the server validates with, run on the dialog's own values (text as typed, ''
 * for no choice). The submit handler gets those values as they are, and turns local date-times
 * into instants before sending. The first message of a field is the one shown.
 */
function loadResolver(schema: z.ZodType): Resolver<TLoadFormValues> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= { message: issue.message, type: issue.code };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
const resolver = loadResolver(ZLoadForm);
const importResolver = loadResolver(ZImportLoadForm);

/**
 * Spec §2 load dialog: add, edit (or view without DenyDelete), and duplicate an edited load as a
 * new one. It ignores backdrop clicks, and Escape while there are unsaved changes. A refusal keeps
 * the dialog open with the person's data.
 */
export function LoadDialog({ target, onClose }: TLoadDialogProps) {
  const imported = target.mode === 'import' ? target.load : null;
  const load = target.mode === 'edit' || target.mode === 'view' ? target.load : null;
  // A load of a week closed for settlements opens read-only with the reason (the server refuses a change anyway).
  const loadWeeks = useWorkWeekList(load ? dayjs(load.loadStartDate).year() : null);
  const closedWeek = load ? closedWeekOf(loadWeeks.data, { weekId: load.weekId }) : null;
  const readOnly = target.mode === 'view' || !!closedWeek;
  const fullScreen = useMediaQuery('(max-width:768px)', { noSsr: true });
  const defaults = imported ? importedLoadValuesOf(imported) : load ? loadValuesOf(load) : emptyLoadValues(target.mode === 'add' ? target.weekId : null);
  const form = useForm<TLoadFormValues>({ resolver: imported ? importResolver : resolver, defaultValues: defaults, mode: imported ? 'all' : 'onTouched' });
  // One key per opening, for Save and Duplicate: a doubled click saves once.
  const upsert = useUpsertLoad({ onSaved: onClose, idempotency: useIdempotencyKey() });
  // What is typed survives a session that ends meanwhile; an imported load's edits live on its page.
  const { restored } = useFormDraft(form, target.mode === 'add' ? 'load:new' : target.mode === 'edit' ? `load:${target.load.loadId}` : null);
  const [asking, setAsking] = useState(false);
  const close = () => {
    if (busy) return;
    if (isDirty && !readOnly) setAsking(true);
    else onClose();
  };
  const { isDirty, isValid } = form.formState;
  const busy = upsert.isPending;

  // A start date outside the chosen week is saved only after the person confirms it.
  const [outsideWeek, setOutsideWeek] = useState<string | null>(null);
  const [pending, setPending] = useState<(() => unknown) | null>(null);
  const confirmingWeek = (run: () => unknown) => {
    if (outsideWeek) setPending(() => run);
    else return run();
  };

  const send = (body: TLoadForm) =>
    upsert.mutateAsync(body).catch((error: unknown) => showFieldErrors(form.setError, error, Object.keys(defaults)));
  const save = form.handleSubmit((values) =>
    confirmingWeek(() => {
      if (target.mode === 'import') {
        target.onSave(toLoadBody(values, { loadId: 0, updatedOn: null }));
        onClose();
        return;
      }
      return send(toLoadBody(values, { loadId: load?.loadId ?? 0, updatedOn: load?.updatedOn ?? null }));
    }),
  );
  // Save and Duplicate share one guard: a second click on either while one runs is dropped.
  const once = useRunOnce();
  const submit = once(save);
  const duplicate = once(form.handleSubmit((values) => confirmingWeek(() => send(toLoadBody(values, { loadId: 0, updatedOn: null })))));

  const shown = imported ?? load;
  const weekYear = shown ? dayjs(shown.loadStartDate).year() : target.mode === 'add' && target.year ? target.year : new Date().getFullYear();
  const names = shown?.loadDriverNames ? shown.loadDriverNames.split(', ') : [];
  const title =
    target.mode === 'add' ? 'Add load' : target.mode === 'import' ? `Edit new load ${target.load.loadNumber}` : readOnly ? `Load ${load!.loadNumber}` : `Edit load ${load!.loadNumber}`;

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') close();
      }}
      aria-labelledby="load-dialog-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id="load-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        {restored && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {DRAFT_RESTORED_TEXT}
          </Alert>
        )}
        {closedWeek && (
          <Alert severity="warning" icon={<LockOutlinedIcon />} sx={{ mb: 2 }} data-testid="closed-week-lock">
            {closedWeekReason(closedWeek)}
          </Alert>
        )}
        {readOnly && load ? (
          <LoadDetails load={load} />
        ) : (
          <FormLimits schema={imported ? ZImportLoadForm : ZLoadForm}>
            <LoadFormFields
            control={form.control}
            disabled={readOnly || busy}
            brokerId={shown?.brokerId ?? null}
            weekYear={weekYear}
            initialPayoutManual={shown ? isPayoutManual(defaults) : false}
            loadDrivers={(shown?.loadDrivers ?? []).map((id, i) => ({ value: id, label: names[i] ?? `Driver ${id}` }))}
            pendingBroker={imported?.brokerId === BOARD_BROKER_ID ? { value: BOARD_BROKER_ID, label: `${imported.brokerName} (added when the loads are saved)` } : null}
            onOutsideWeek={setOutsideWeek}
          />
          </FormLimits>
        )}
        {imported?.note && (
          <Typography variant="body2" color="warning.main" component="p" sx={{ mt: 2 }}>
            {imported.note}
          </Typography>
        )}
        {load && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
            Created {formatDateTime(load.createdOn)}
            {load.createdBy ? ` by ${load.createdBy}` : ''} · Updated {formatDateTime(load.updatedOn)}
            {load.updatedBy ? ` by ${load.updatedBy}` : ''}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {target.mode === 'edit' && !readOnly && (
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
        <Button type="button" onClick={close} disabled={busy} color="inherit">
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {!readOnly && (
          <Button type="submit" variant="contained" loading={busy} disabled={!isValid}>
            Save
          </Button>
        )}
      </DialogActions>
      <DiscardChangesDialog
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
      />
      <ConfirmDialog
        open={!!pending}
        title="Save in this week?"
        text={`${outsideWeek ?? ''}. The load counts in the chosen week's board, print, export and settlement. Save it there anyway?`}
        confirmText="Save anyway"
        color="warning"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const run = pending;
          setPending(null);
          return run?.();
        }}
      />
    </Dialog>
  );
}
