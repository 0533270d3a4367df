import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { DRAFT_RESTORED_TEXT, useFormDraft } from '../lib/form-draft';
import { DiscardChangesDialog } from './discard-changes-dialog';
import { FormLimits } from './form-fields';

type TFormDialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Returns a promise to keep Save guarded until the request is answered. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  submitting?: boolean;
  /** Spec §5: some forms keep Save disabled while invalid. */
  submitDisabled?: boolean;
  submitLabel?: string;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** The dialog's form: with it, Cancel and Escape ask before throwing changes away. */
  form?: UseFormReturn<any, any, any>;
  /** The form's schema: its text limits show in the fields as the person types (FormLimits). */
  schema?: z.ZodType;
  /** Names the dialog and its object ('broker:new', 'broker:12'): what is typed survives the session's end. */
  draftKey?: string;
};

type TPreventable = { preventDefault: () => void } | undefined;

/**
 * One guard for several handlers of a form (Save and Duplicate): while one runs, a second submit or
 * click (a double click lands before React has disabled the button) is dropped, so nothing is sent
 * twice. A handler that returns a promise holds the guard until it settles.
 */
export function useRunOnce() {
  const running = useRef(false);
  return <E extends TPreventable>(handler: (event: E) => unknown) =>
    (event: E) => {
      if (running.current) {
        event?.preventDefault();
        return;
      }
      running.current = true;
      Promise.resolve(handler(event)).finally(() => {
        running.current = false;
      });
    };
}

/** A submit handler that runs once at a time (see useRunOnce). */
export function useSingleSubmit<E extends TPreventable = FormEvent<HTMLFormElement>>(onSubmit: (event: E) => unknown) {
  return useRunOnce()(onSubmit);
}

/**
 * A dialog around a form with Cancel and Save. A click on the backdrop does not close it (spec §2:
 * edits are not thrown away by a stray click); Escape and Cancel do, after asking when the form
 * has changes. What is typed survives a session that ends meanwhile (lib/form-draft.ts). Full
 * screen on phones.
 */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitting = false,
  submitDisabled = false,
  submitLabel = 'Save',
  children,
  maxWidth = 'sm',
  form,
  draftKey,
  schema,
}: TFormDialogProps) {
  const fullScreen = useMediaQuery('(max-width:768px)', { noSsr: true });
  const { restored } = useFormDraft(form, draftKey);
  const submit = useSingleSubmit(onSubmit);
  const [asking, setAsking] = useState(false);
  // Read while rendering: react-hook-form tracks isDirty only for those who read it so.
  const dirty = !!form?.formState.isDirty;
  const close = () => {
    if (submitting) return;
    if (dirty) setAsking(true);
    else onClose();
  };
  return (
    <Dialog
      open={open}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') close();
      }}
      aria-labelledby="form-dialog-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id="form-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        {restored && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {DRAFT_RESTORED_TEXT}
          </Alert>
        )}
        <FormLimits schema={schema}>{children}</FormLimits>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={submitting} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={submitting} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </DialogActions>
      <DiscardChangesDialog
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onClose();
        }}
      />
    </Dialog>
  );
}
