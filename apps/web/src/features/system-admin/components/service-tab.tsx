import { zodResolver } from '@hookform/resolvers/zod';
import { ZServiceUrlForm } from '@haulboard/contract';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { Alert, Box, Button, Paper, Skeleton, TextField, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { failureMessage } from '../../../lib/mutation';
import { useServiceUrl } from '../api/get-service-url';
import { useSetServiceUrl } from '../api/set-service-url';

type TFormIn = z.input<typeof ZServiceUrlForm>;
type TFormOut = z.output<typeof ZServiceUrlForm>;

/**
 * Issue #3 Service: the company's Service Url (required, an http(s) address) and Save. The Refresh
 * Cookies button of spec §2 belongs to the load-ordering work and is not shown until that exists.
 */
export function ServiceTab({ canWrite }: { canWrite: boolean }) {
  const current = useServiceUrl();
  const form = useForm<TFormIn, unknown, TFormOut>({
    resolver: zodResolver(ZServiceUrlForm),
    defaultValues: { serviceUrl: '' },
    mode: 'onTouched',
  });
  const save = useSetServiceUrl({ onSaved: (url) => form.reset({ serviceUrl: url }) });

  // The stored address becomes the form's starting value once it arrives.
  const loaded = current.data;
  useEffect(() => {
    if (loaded !== undefined) form.reset({ serviceUrl: loaded });
  }, [loaded, form]);

  const onSubmit = form.handleSubmit((values) => save.mutate(values.serviceUrl));

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: 2, maxWidth: 720 }} aria-labelledby="service-title">
      <Typography id="service-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Service
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The address of the load-search service used for automated load ordering.
      </Typography>
      {current.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(current.error)}
        </Alert>
      )}
      {current.isPending ? (
        <Skeleton variant="rounded" height={56} sx={{ mb: 3 }} />
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
              disabled={!canWrite}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
            />
          )}
        />
      )}
      {canWrite && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button type="submit" variant="contained" startIcon={<SaveOutlinedIcon />} loading={save.isPending} disabled={current.isPending}>
            Save
          </Button>
        </Box>
      )}
    </Paper>
  );
}
