import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title';

/** A page's title with its actions on the right (they wrap under it on phones); it names the window too. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {actions && (
        <Stack direction="row" spacing={1}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
