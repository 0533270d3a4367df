import { signInErrorText } from '@haulboard/contract';
import LoginIcon from '@mui/icons-material/Login';
import { Alert, Button, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { PublicLayout } from '../../components/public-layout';
import { usePageTitle } from '../../lib/page-title';
import { safeReturnTo } from '../../lib/paths';

/** Spec §2 /login: one button to the identity provider; a failed sign-in's reason shows here, in our words. */
export function LoginPage() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  // A code, shown as our own text: a link cannot put words of its own on this page.
  const error = params.has('error') ? signInErrorText(params.get('error')) : null;
  const returnTo = safeReturnTo(params.get('returnTo'));
  const href = `/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <PublicLayout>
      <div>
        <Typography variant="h5" component="h1" gutterBottom>
          Sign in
        </Typography>
        <Typography color="text.secondary">Sign in with your company account to open the back office.</Typography>
      </div>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Button variant="contained" size="large" href={href} startIcon={<LoginIcon />}>
        Sign in
      </Button>
    </PublicLayout>
  );
}
