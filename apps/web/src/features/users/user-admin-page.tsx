import type { TAdminUser } from '@haulboard/contract';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Alert, Button, Chip, Stack, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useReopenDraft } from '../../lib/form-draft';
import { failureMessage } from '../../lib/mutation';
import { useCan } from '../../lib/permissions';
import { usersQuery, useUsers } from './api/get-users';
import { UserEditDialog } from './components/user-edit-dialog';
import { UserTable } from './components/user-table';

/**
 * Spec §2 user-admin: User Management, a table with edit. Adding is disabled: people sign in
 * themselves and register; giving an applicant a role approves them.
 */
export function UserAdminPage() {
  const users = useUsers();
  const canEdit = useCan('UserAdmin', 'DenyDelete');
  const [editing, setEditing] = useState<TAdminUser | null>(null);
  const [onlyAwaiting, setOnlyAwaiting] = useState(false);
  // After signing in again, an edit cut off by the session's end opens with what was typed.
  const queryClient = useQueryClient();
  useReopenDraft('user', {
    find: async (id) => (await queryClient.fetchQuery(usersQuery())).find((u) => u.userId === id) ?? null,
    onEdit: (user: TAdminUser) => canEdit && setEditing(user),
  });
  // People awaiting approval (no role yet) come first: approving them is the page's daily work.
  const all = users.data ?? [];
  const awaiting = all.filter((u) => !u.userRoleNames);
  const rows = onlyAwaiting ? awaiting : [...awaiting, ...all.filter((u) => u.userRoleNames)];
  return (
    <>
      <PageHeader
        title="User Management"
        actions={
          <Tooltip title="People join by signing in and registering with the company">
            <span>
              <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} disabled>
                Add user
              </Button>
            </span>
          </Tooltip>
        }
      />
      {users.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(users.error)}
        </Alert>
      )}
      {(awaiting.length > 0 || onlyAwaiting) && (
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center' }}>
          <Chip
            label={`Awaiting approval (${awaiting.length})`}
            variant={onlyAwaiting ? 'filled' : 'outlined'}
            // 4.5:1 for small text in both themes (the theme's warning orange is lighter than that).
            sx={(t) => {
              const tone = t.palette.mode === 'light' ? '#8a3d00' : t.palette.warning.light;
              return onlyAwaiting
                ? { bgcolor: tone, color: t.palette.mode === 'light' ? '#fff' : '#000', '&:hover': { bgcolor: tone } }
                : { color: tone, borderColor: tone };
            }}
            onClick={() => setOnlyAwaiting((v) => !v)}
            aria-pressed={onlyAwaiting}
          />
          {onlyAwaiting && (
            <Button size="small" color="inherit" onClick={() => setOnlyAwaiting(false)}>
              Show everyone
            </Button>
          )}
        </Stack>
      )}
      <UserTable users={rows} loading={users.isFetching} canEdit={canEdit} onEdit={setEditing} />
      {editing && <UserEditDialog key={editing.userId} user={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
