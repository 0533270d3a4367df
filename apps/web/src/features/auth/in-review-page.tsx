import { TEXT } from '@haulboard/contract';
import BlockIcon from '@mui/icons-material/Block';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { PublicLayout } from '../../components/public-layout';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { LogOutButton } from './log-out-button';

/**
 * Spec §2 /application-in-review; a person the company deactivated sees that their access was
 * removed instead. Approval is an administrator giving a role; the guard of this
 * page asks the server again on every load, and 'Check again' does the same without a reload.
 */
export function InReviewPage() {
  const session = useSession();
  const user = session.data;
  // A deactivated person is told their access was removed, not that they await approval.
  const removed = !!user?.accessRemoved;
  usePageTitle(removed ? TEXT.accessRemovedTitle : 'Application in review');
  return (
    <PublicLayout>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {removed ? <BlockIcon color="error" /> : <HourglassTopIcon color="primary" />}
        <Typography variant="h5" component="h1">
          {removed ? TEXT.accessRemovedTitle : 'Application in review'}
        </Typography>
      </Stack>
      <Typography>{removed ? TEXT.accessRemoved : TEXT.inReview}</Typography>
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
