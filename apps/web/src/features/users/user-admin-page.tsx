import type { TAdminUser } from '@haulboard/contract';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Alert, Button, Tooltip } from '@mui/material';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { failureMessage } from '../../lib/mutation';
import { useCan } from '../../lib/permissions';
import { useUsers } from './api/get-users';
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
      <UserTable users={users.data ?? []} loading={users.isFetching} canEdit={canEdit} onEdit={setEditing} />
      {editing && <UserEditDialog key={editing.userId} user={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
