import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Stack, Typography } from '@mui/material';

export function Brand({ size = 'medium' }: { size?: 'medium' | 'large' }) {
  const large = size === 'large';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <LocalShippingIcon color="primary" sx={{ fontSize: large ? 40 : 28 }} />
      <Typography component="span" variant={large ? 'h4' : 'h6'} sx={{ fontWeight: 700, letterSpacing: '-0.02em' }}>
        Haulboard
      </Typography>
    </Stack>
  );
}
