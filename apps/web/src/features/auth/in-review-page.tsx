import { TEXT } from '@haulboard/contract';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { PublicLayout } from '../../components/public-layout';
import { useSession } from '../../lib/session';
import { LogOutButton } from './log-out-button';

/**
 * Spec §2 /application-in-review. Approval is an administrator giving a role; the guard of this
 * page asks the server again on every load, and 'Check again' does the same without a reload.
 */
export function InReviewPage() {
  const session = useSession();
  const user = session.data;
  return (
    <PublicLayout>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <HourglassTopIcon color="primary" />
        <Typography variant="h5" component="h1">
          Application in review
        </Typography>
      </Stack>
      <Typography>{TEXT.inReview}</Typography>
      {user?.company && (
        <Alert severity="info" icon={false}>
          Company: <strong>{user.company}</strong>
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button startIcon={<RefreshIcon />} onClick={() => session.refetch()} loading={session.isFetching}>
          Check again
        </Button>
        <LogOutButton />
      </Stack>
    </PublicLayout>
  );
}
