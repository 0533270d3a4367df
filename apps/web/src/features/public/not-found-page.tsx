import { MSG } from '@haulboard/contract';
import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PublicLayout } from '../../components/public-layout';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/paths';

/** Spec §2 /404: unknown paths end here. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <PublicLayout>
      <Typography variant="h2" component="p" color="text.secondary" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h5" component="h1">
        {MSG.notFound}
      </Typography>
      <Button component={RouterLink} to={paths.home} variant="contained">
        Go to the home page
      </Button>
    </PublicLayout>
  );
}
