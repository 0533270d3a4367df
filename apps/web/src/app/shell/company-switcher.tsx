import type { TCurrentUser } from '@haulboard/contract';
import { FormHelperText, MenuItem, TextField, Typography } from '@mui/material';
import { useChangeCompany } from '../../features/auth/api/change-company';
import { failureMessage } from '../../lib/mutation';

/** Spec §2 Layout: one company shows as text, several as a switcher (spec §4 company switch). */
export function CompanySwitcher({ user }: { user: TCurrentUser }) {
  const change = useChangeCompany();
  if (user.userCompanies.length <= 1) {
    return (
      <Typography variant="body2" color="text.secondary" noWrap title={user.company ?? ''}>
        {user.company}
      </Typography>
    );
  }
  return (
    <>
      <TextField
        select
        size="small"
        fullWidth
        label="Company"
        value={user.companyId ?? ''}
        disabled={change.isPending}
        onChange={(event) => {
          const company = user.userCompanies.find((c) => c.value === Number(event.target.value));
          if (company && company.value !== user.companyId) change.mutate(company);
        }}
        sx={{ mt: 1 }}
      >
        {user.userCompanies.map((c) => (
          <MenuItem key={c.value} value={c.value}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      {change.isError && <FormHelperText error>{failureMessage(change.error)}</FormHelperText>}
    </>
  );
}
