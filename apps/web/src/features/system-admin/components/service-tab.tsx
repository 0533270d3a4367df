import { ZServiceUrlForm } from '@haulboard/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import CookieOutlinedIcon from '@mui/icons-material/CookieOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { Alert, Box, Button, Paper, Skeleton, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSingleSubmit } from '../../../components/form-dialog';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { failureMessage } from '../../../lib/mutation';
import { useServiceUrl } from '../api/get-service-url';
import { useRefreshCookies } from '../api/refresh-cookies';
import { useSetServiceUrl } from '../api/set-service-url';

type TFormIn = z.input<typeof ZServiceUrlForm>;
type TFormOut = z.output<typeof ZServiceUrlForm>;

/**
 * Spec §2 Service: the company's Service Url (required, an http(s) address) and Save, and Refresh
 * Cookies, which checks every stored board session and answers the counts as a toast. Read-only
 * people see the address as text.
 */
export function ServiceTab({ canWrite }: { canWrite: boolean }) {
  const current = useServiceUrl();
  const form = useForm<TFormIn, unknown, TFormOut>({
    resolver: zodResolver(ZServiceUrlForm),
    defaultValues: { serviceUrl: '' },
    mode: 'onTouched',
  });
  const save = useSetServiceUrl({ onSaved: (url) => form.reset({ serviceUrl: url }), idempotency: useIdempotencyKey() });
  const refresh = useRefreshCookies();
  const [confirming, setConfirming] = useState(false);

  // The stored address becomes the form's starting value once it arrives.
  const loaded = current.data;
  useEffect(() => {
    if (loaded !== undefined) form.reset({ serviceUrl: loaded });
  }, [loaded, form]);

  const onSubmit = useSingleSubmit(form.handleSubmit((values) => save.mutateAsync(values.serviceUrl).catch(() => undefined)));

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: 2, maxWidth: 720 }} aria-labelledby="service-title">
      <Typography id="service-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Service
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The address of the load board used for load search, load ordering and load import.
      </Typography>
      {current.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(current.error)}
        </Alert>
      )}
      {current.isPending ? (
        <Skeleton variant="rounded" height={56} sx={{ mb: 3 }} />
      ) : !canWrite ? (
        // Read-only: the address as text, not a disabled field (issue 8 #8).
        <Box component="dl" sx={{ m: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            Service Url
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {current.data || 'Not set'}
          </Typography>
        </Box>
      ) : (
        <Controller
          name="serviceUrl"
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label="Service Url"
              required
              fullWidth
              type="url"
              placeholder="https://"
              autoComplete="url"
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
            />
          )}
        />
      )}
      {canWrite && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <Button variant="outlined" startIcon={<CookieOutlinedIcon />} loading={refresh.isPending} onClick={() => setConfirming(true)}>
            Refresh Cookies
          </Button>
          <Button type="submit" variant="contained" startIcon={<SaveOutlinedIcon />} loading={save.isPending} disabled={current.isPending}>
            Save
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title="Refresh Cookies"
        text="Are you sure you want to refresh Cookies?"
        busy={refresh.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => refresh.mutateAsync(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Paper>
  );
}
