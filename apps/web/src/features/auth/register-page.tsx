import { lookupRoutes, ZRegisterForm } from '@haulboard/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PublicLayout } from '../../components/public-layout';
import { showFieldErrors } from '../../lib/form-errors';
import { useIdempotencyKey } from '../../lib/idempotency';
import { lookupQuery } from '../../lib/lookups';
import { failureMessage } from '../../lib/mutation';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useRegisterCompany } from './api/register-company';
import { LogOutButton } from './log-out-button';

type TFormIn = z.input<typeof ZRegisterForm>;
type TFormOut = z.output<typeof ZRegisterForm>;

/** Spec §2 /register and §5: company (select) and phone number, both 'Field is required'. */
export function RegisterPage() {
  usePageTitle('Register');
  const { data: user } = useSession();
  const navigate = useNavigate();
  const companies = useQuery(lookupQuery(lookupRoutes.getCompanyList));
  const register = useRegisterCompany(user, { idempotency: useIdempotencyKey() });
  const form = useForm<TFormIn, unknown, TFormOut>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { companyId: '', phoneNumber: user?.phoneNumber ?? '' },
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await register.mutateAsync(values);
      navigate(paths.inReview, { replace: true });
    } catch (error) {
      // Field messages from the server go on their fields; anything else shows on the page.
      showFieldErrors(form.setError, error, ['companyId', 'phoneNumber']);
    }
  });

  return (
    <PublicLayout>
      <div>
        <Typography variant="h5" component="h1" gutterBottom>
          Register with your company
        </Typography>
        <Typography color="text.secondary">
          Signed in as {user?.email}. Choose the company you drive or dispatch for; its administrator approves your access.
        </Typography>
      </div>
      {register.isError && (
        <Alert severity="error" role="alert">
          {failureMessage(register.error)}
        </Alert>
      )}
      {companies.isError && <Alert severity="error">{failureMessage(companies.error)}</Alert>}
      <form onSubmit={onSubmit} noValidate>
        <Controller
          name="companyId"
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              value={field.value ?? ''}
              select
              label="Company"
              required
              fullWidth
              margin="normal"
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
              disabled={companies.isPending}
            >
              {(companies.data ?? []).map((c) => (
                <MenuItem key={String(c.value)} value={String(c.value)}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="phoneNumber"
          control={form.control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label="Phone number"
              type="tel"
              required
              fullWidth
              margin="normal"
              autoComplete="tel"
              slotProps={{ htmlInput: { maxLength: 10, inputMode: 'tel' } }}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 1 }} loading={register.isPending}>
          Register
        </Button>
      </form>
      <LogOutButton />
    </PublicLayout>
  );
}
