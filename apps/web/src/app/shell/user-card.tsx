import type { TCurrentUser } from '@haulboard/contract';
import { Avatar, Box, Tooltip, Typography } from '@mui/material';
import { CompanySwitcher } from './company-switcher';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** Spec §2 Layout: the sidebar shows the user's full name, role name and company. */
export function UserCard({ user, mini }: { user: TCurrentUser; mini: boolean }) {
  const avatar = <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36, fontSize: 15 }}>{initialsOf(user.fullName)}</Avatar>;
  if (mini) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <Tooltip title={`${user.fullName}, ${user.roleName ?? ''}, ${user.company ?? ''}`} placement="right">
          {avatar}
        </Tooltip>
      </Box>
    );
  }
  return (
    <Box sx={{ p: 2 }} data-testid="user-card">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        {avatar}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap title={user.fullName}>
            {user.fullName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.roleName}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ mt: 1 }}>
        <CompanySwitcher user={user} />
      </Box>
    </Box>
  );
}
