import { Alert, Box, Button } from '@mui/material';

/** The session could not be checked (spec §8): the reason and a Retry button. */
export function SessionRetry({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {message}
      </Alert>
    </Box>
  );
}
