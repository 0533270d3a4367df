import type { TBroker } from '@haulboard/contract';
import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useReopenDraft } from '../../lib/form-draft';
import { failureMessage } from '../../lib/mutation';
import { useCan } from '../../lib/permissions';
import { brokersQuery, useBrokers } from './api/get-brokers';
import { BrokerDialog } from './components/broker-dialog';
import { BrokerTable } from './components/broker-table';
import { DeleteBrokerDialog } from './components/delete-broker-dialog';

/** The dialog's state: closed, adding a broker, or editing one. */
type TEditing = { broker: TBroker | null } | null;

/** Spec §2 broker-admin: Broker Management with Add broker, a sortable table, edit and delete. */
export function BrokerAdminPage() {
  const brokers = useBrokers();
  // Adding and editing need DenyDelete (the server's AddUpdateBroker level); deleting and the Active flag need Write.
  const canEdit = useCan('BrokerAdmin', 'DenyDelete');
  const canWrite = useCan('BrokerAdmin', 'Write');
  const [editing, setEditing] = useState<TEditing>(null);
  const [deleting, setDeleting] = useState<TBroker | null>(null);
  // After signing in again, a dialog cut off by the session's end opens with what was typed.
  const queryClient = useQueryClient();
  useReopenDraft('broker', {
    onNew: () => canEdit && setEditing({ broker: null }),
    find: async (id) => (await queryClient.fetchQuery(brokersQuery())).find((b) => b.brokerId === id) ?? null,
    onEdit: (broker: TBroker) => canEdit && setEditing({ broker }),
  });
  return (
    <>
      <PageHeader
        title="Broker Management"
        actions={
          canEdit && (
            <Button variant="contained" startIcon={<AddBusinessOutlinedIcon />} onClick={() => setEditing({ broker: null })}>
              Add broker
            </Button>
          )
        }
      />
      {brokers.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(brokers.error)}
        </Alert>
      )}
      <BrokerTable
        brokers={brokers.data ?? []}
        loading={brokers.isFetching}
        canEdit={canEdit}
        canDelete={canWrite}
        onEdit={(broker) => setEditing({ broker })}
        onDelete={setDeleting}
      />
      {editing && (
        <BrokerDialog
          key={editing.broker?.brokerId ?? 'new'}
          broker={editing.broker}
          canSetActive={canWrite}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteBrokerDialog key={deleting.brokerId} broker={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
