import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

type TFormDialogProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting?: boolean;
  /** Spec §5: some forms keep Save disabled while invalid. */
  submitDisabled?: boolean;
  submitLabel?: string;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
};

/**
 * A dialog around a form with Cancel and Save. A click on the backdrop does not close it (spec §2:
 * edits are not thrown away by a stray click); Escape and Cancel do. Full screen on phones.
 */
export function FormDialog({ open, title, onClose, onSubmit, submitting = false, submitDisabled = false, submitLabel = 'Save', children, maxWidth = 'sm' }: TFormDialogProps) {
  const fullScreen = useMediaQuery('(max-width:768px)', { noSsr: true });
  return (
    <Dialog
      open={open}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !submitting) onClose();
      }}
      aria-labelledby="form-dialog-title"
      slotProps={{ paper: { component: 'form', onSubmit, noValidate: true } as object }}
    >
      <DialogTitle id="form-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={submitting} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
