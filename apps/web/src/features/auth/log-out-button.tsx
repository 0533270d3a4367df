import LogoutIcon from '@mui/icons-material/Logout';
import { Button, type ButtonProps } from '@mui/material';
import { useLogOut } from './api/log-out';

/** Logout (spec §4), offered wherever a signed-in person may want to leave. */
export function LogOutButton(props: ButtonProps) {
  const { logOut, isPending } = useLogOut();
  return (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={logOut} loading={isPending} {...props}>
      Log out
    </Button>
  );
}
