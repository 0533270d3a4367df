import { lookupRoutes, type TAdminUser, type TLookupItem, ZUserForm } from '@haulboard/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Chip, CircularProgress, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { FormDateField, FormNumberField, FormSelect, FormTextField } from '../../../components/form-fields';
import { showFieldErrors } from '../../../lib/form-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { lookupQuery } from '../../../lib/lookups';
import { failureMessage } from '../../../lib/mutation';
import { useUpdateUser } from '../api/update-user';

const SERVICE_FEE_TYPES = [
  { value: 'flat', label: 'Dollars per work week' },
  { value: 'percent', label: "% of the driver's gross" },
];

type TFormIn = z.input<typeof ZUserForm>;
type TFormOut = z.output<typeof ZUserForm>;

const FIELDS = ['firstName', 'lastName', 'phoneNumber', 'userRoles', 'userCompanies', 'serviceFee', 'serviceFeeType', 'unitNumber', 'startDate', 'endDate', 'isActive'] as const;

export const formValuesOf = (user: TAdminUser): TFormIn => ({
  userId: user.userId,
  email: user.email,
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  phoneNumber: user.phoneNumber ?? '',
  userRoles: user.userRoles,
  userCompanies: user.userCompanies,
  serviceFee: user.serviceFee,
  serviceFeeType: user.serviceFeeType,
  unitNumber: user.unitNumber ?? '',
  startDate: user.startDate ?? '',
  endDate: user.endDate ?? '',
  isActive: user.isActive,
  updatedOn: user.updatedOn,
});

const labelsOf = (items: TLookupItem[] | undefined, values: unknown) =>
  (Array.isArray(values) ? values : []).map((v) => items?.find((i) => i.value === v)?.label ?? String(v));

/** Spec §2 user-admin edit and §5 User edit: the spec's fields and messages; email is read-only. */
export function UserEditDialog({ user, onClose }: { user: TAdminUser; onClose: () => void }) {
  const roles = useQuery(lookupQuery(lookupRoutes.getRoles));
  const companies = useQuery(lookupQuery(lookupRoutes.getCompanyListUserAdmin));
  const statuses = useQuery(lookupQuery(lookupRoutes.getUserStatuses));
  const update = useUpdateUser({ onSaved: onClose, idempotency: useIdempotencyKey() });
  const form = useForm<TFormIn, unknown, TFormOut>({
    resolver: zodResolver(ZUserForm),
    defaultValues: formValuesOf(user),
    mode: 'onTouched',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
    } catch (error) {
      showFieldErrors(form.setError, error, FIELDS);
    }
  });

  const text = (name: 'firstName' | 'lastName' | 'phoneNumber' | 'unitNumber', label: string, required = true) => (
    <FormTextField control={form.control} name={name} label={label} required={required} fullWidth helperText=" " />
  );

  const multi = (name: 'userRoles' | 'userCompanies', label: string, items: TLookupItem[] | undefined) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          required
          fullWidth
          value={field.value ?? []}
          onChange={(event) => {
            const raw = event.target.value as unknown;
            const list = typeof raw === 'string' ? raw.split(',') : (raw as unknown[]);
            field.onChange(list.map(Number));
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? ' '}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {labelsOf(items, selected).map((l) => (
                    <Chip key={l} label={l} size="small" />
                  ))}
                </Box>
              ),
            },
          }}
        >
          {(items ?? []).map((item) => (
            <MenuItem key={String(item.value)} value={item.value as number}>
              {item.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const lookups = [roles, companies, statuses];
  const lookupError = lookups.find((q) => q.isError)?.error;
  const ready = lookups.every((q) => q.data);

  return (
    <FormDialog
      open
      title="Edit user"
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={update.isPending}
      submitDisabled={!ready}
      form={form}
      schema={ZUserForm}
      draftKey={`user:${user.userId}`}
    >
      {lookupError ? (
        <Alert severity="error">{failureMessage(lookupError)}</Alert>
      ) : !ready ? (
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      ) : (
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <TextField label="Email" value={user.email} fullWidth slotProps={{ htmlInput: { readOnly: true } }} helperText="Email comes from sign-in and cannot be changed" />
        </Box>
        {text('firstName', 'First name')}
        {text('lastName', 'Last name')}
        {text('phoneNumber', 'Phone number')}
        {text('unitNumber', 'Unit number', false)}
        <Box sx={{ gridColumn: '1 / -1' }}>{multi('userRoles', 'Roles', roles.data)}</Box>
        <Box sx={{ gridColumn: '1 / -1' }}>{multi('userCompanies', 'Companies', companies.data)}</Box>
        <FormNumberField
          control={form.control}
          name="serviceFee"
          label="Service fee"
          type="number"
          fullWidth
          inputMode="decimal"
          slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
          helperText=" "
        />
        <FormSelect control={form.control} name="serviceFeeType" label="Service fee is" fullWidth items={SERVICE_FEE_TYPES} helperText=" " />
        <FormDateField
          control={form.control}
          name="startDate"
          label="Works for the company from"
          fullWidth
          helperText={user.startDate ? 'A flat fee and recurring expenses count from this week' : 'Set to the approval date when a role is first given'}
        />
        <FormDateField control={form.control} name="endDate" label="Until (empty: still working)" fullWidth helperText="Charges stop after this week" />
        <FormSelect control={form.control} name="isActive" label="Status" fullWidth items={statuses.data} helperText=" " />
      </Box>
      )}
    </FormDialog>
  );
}
