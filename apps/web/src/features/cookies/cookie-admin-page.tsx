import type { TCompanyCookie } from '@haulboard/contract';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { failureMessage } from '../../lib/mutation';
import { useCan } from '../../lib/permissions';
import { useCookies } from './api/get-cookies';
import { CookieDialog } from './components/cookie-dialog';
import { CookieTable } from './components/cookie-table';
import { DeleteCookieDialog } from './components/delete-cookie-dialog';

/** Spec §2 relay/cookie-admin: the company's board sessions, with add and delete. */
export function CookieAdminPage() {
  const cookies = useCookies();
  // Adding needs DenyDelete (the server's POST level); deleting needs Write (spec §6).
  const canAdd = useCan('CookieAdminPage', 'DenyDelete');
  const canDelete = useCan('CookieAdminPage', 'Write');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TCompanyCookie | null>(null);
  // After signing in again, an Add dialog cut off by the session's end opens with what was pasted.
  // No draft of this dialog is kept: a pasted board session stays out of the tab's storage.
  const rows = cookies.data ?? [];
  const noneWorking = cookies.isSuccess && rows.length > 0 && !rows.some((c) => c.isInUse || c.status === 'working' || c.status === 'unchecked');
  return (
    <>
      <PageHeader
        title="Cookie Administration"
        actions={
          canAdd && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add cookie
            </Button>
          )
        }
      />
      {cookies.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(cookies.error)}
        </Alert>
      )}
      {noneWorking && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          None of the stored sessions works on the load board any more. Sign in to the board again and add a new cookie.
        </Alert>
      )}
      <CookieTable cookies={rows} loading={cookies.isFetching} canDelete={canDelete} onDelete={setDeleting} />
      {adding && <CookieDialog onClose={() => setAdding(false)} />}
      {deleting && <DeleteCookieDialog key={deleting.companyCookieId} cookie={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
