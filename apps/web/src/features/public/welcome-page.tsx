import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { Brand } from '../../components/brand';
import { paths } from '../../lib/paths';
import { sessionStateOf, useSession } from '../../lib/session';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <LocalShippingOutlinedIcon />, title: 'Load board', text: 'Every load with its broker, route, miles, rate, payout, status and drivers.' },
  { icon: <AccountBalanceWalletOutlinedIcon />, title: 'Weekly accounting', text: 'Settlements per driver and week, company expenses and a printable weekly report.' },
  { icon: <ReceiptLongOutlinedIcon />, title: 'Imports and IFTA', text: 'Broker invoices, fuel cards and IFTA miles from files, checked against the board.' },
  { icon: <GroupOutlinedIcon />, title: 'People and permissions', text: 'Drivers, dispatchers and administrators, each seeing what their role allows.' },
];

/**
 * Spec §2 '/': the welcome page for visitors; a signed-in person goes on into the app, where the
 * guards send them to registration, review or their work.
 */
export function WelcomePage() {
  const { data: user } = useSession();
  if (user) return <Navigate to={sessionStateOf(user) === 'member' ? paths.appHome : paths.app} replace />;
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 4, md: 10 } }}>
      <Container maxWidth="md">
        <Stack spacing={4}>
          <Brand size="large" />
          <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' } }}>
            The back office of your trucking company
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
            Haulboard keeps dispatchers, drivers and the office on one page: loads, brokers, people, weekly settlements,
            imports and IFTA.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button component={RouterLink} to={paths.login} variant="contained" size="large">
              Sign in
            </Button>
          </Stack>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {FEATURES.map((f) => (
              <Paper key={f.title} variant="outlined" sx={{ p: 2.5 }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1, color: 'primary.main' }}>
                  {f.icon}
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, color: 'text.primary' }}>
                    {f.title}
                  </Typography>
                </Stack>
                <Typography color="text.secondary">{f.text}</Typography>
              </Paper>
            ))}
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
