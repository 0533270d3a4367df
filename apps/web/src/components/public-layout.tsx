import { Box, Paper, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { Brand } from './brand';

/** The frame of the pages outside the app: sign-in, registration, review, not found. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Stack spacing={3}>
          <Brand />
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
