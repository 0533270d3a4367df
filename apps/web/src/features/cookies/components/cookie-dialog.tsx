import { type TCookieForm, ZCookieForm } from '@haulboard/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-fields';
import { showFieldErrors } from '../../../lib/form-errors';
import { useSaveCookie } from '../api/save-cookie';

const FIELDS = ['cookie', 'csrfToken', 'cookieSource'] as const;
type TField = (typeof FIELDS)[number];

/**
 * Spec §5 cookie form: cookie ('Cookie is required'), csrfToken ('CsrfToken is required') and
 * cookieSource ('Cookie Source is required'). A stored session cannot be read back whole, so the
 * dialog only adds one (companyCookieId 0). Save stays disabled while the form is invalid.
 */
export function CookieDialog({ onClose }: { onClose: () => void }) {
  const save = useSaveCookie({ onSaved: onClose });
  const form = useForm<TCookieForm, unknown, z.output<typeof ZCookieForm>>({
    resolver: zodResolver(ZCookieForm),
    defaultValues: { companyCookieId: 0, cookie: '', csrfToken: '', cookieSource: '' },
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, companyCookieId: 0 });
    } catch (error) {
      showFieldErrors(form.setError, error, FIELDS);
    }
  });

  const field = (name: TField, label: string, options: { rows?: number; helper?: string } = {}) => (
    <FormTextField
      control={form.control}
      name={name}
      label={label}
      required
      fullWidth
      multiline={!!options.rows}
      minRows={options.rows}
      maxRows={options.rows ? options.rows + 4 : undefined}
      autoComplete="off"
      helperText={options.helper ?? ' '}
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', ...(options.rows ? { style: { fontFamily: 'monospace', wordBreak: 'break-all' } } : {}) } }}
    />
  );

  return (
    <FormDialog open title="Add cookie" onClose={onClose} onSubmit={onSubmit} submitting={save.isPending} submitDisabled={!form.formState.isValid} form={form} draftKey="cookie:new">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Paste the signed-in board session from the browser. It is stored encrypted; afterwards only its first characters are shown.
      </Typography>
      <Box sx={{ display: 'grid', rowGap: 0.5 }}>
        {field('cookie', 'Cookie', { rows: 4, helper: 'The whole Cookie header of a signed-in board request' })}
        {field('csrfToken', 'CSRF token', { rows: 2 })}
        {field('cookieSource', 'Cookie source', { helper: 'Where it came from, e.g. the browser and account' })}
      </Box>
    </FormDialog>
  );
}
