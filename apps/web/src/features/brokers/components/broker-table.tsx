import type { TBroker } from '@haulboard/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, IconButton, Stack, Tooltip } from '@mui/material';
import { DataTable, type TColumn } from '../../../components/data-table';
import { yesNo } from '../../../lib/format';
import { addressLines } from '../address-lines';

/** One line that ends in an ellipsis when the column is narrow; hovering shows all of it. */
const line = (text: string, secondary = false) => (
  <Box
    component="span"
    title={text}
    sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', color: secondary ? 'text.secondary' : undefined }}
  >
    {text}
  </Box>
);

type TBrokerTableProps = {
  brokers: TBroker[];
  loading: boolean;
  /** Spec §6: edit needs DenyDelete or Write; delete needs Write. */
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (broker: TBroker) => void;
  onDelete: (broker: TBroker) => void;
};

/** Spec §2 broker-admin: a sortable table (page size 100; 10, 25, 50, 100, 1000) with edit and delete. */
export function BrokerTable({ brokers, loading, canEdit, canDelete, onEdit, onDelete }: TBrokerTableProps) {
  const actionCount = Number(canEdit) + Number(canDelete);
  const actions: TColumn<TBroker>[] = actionCount
    ? [
        {
          id: 'actions',
          header: 'Actions',
          sortable: false,
          width: Math.max(92, 32 + 32 * actionCount),
          cell: (b) => (
            <Stack direction="row" spacing={0.5}>
              {canEdit && (
                <Tooltip title={`Edit ${b.brokerName}`}>
                  <IconButton size="small" aria-label={`Edit ${b.brokerName}`} onClick={() => onEdit(b)}>
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {canDelete && (
                <Tooltip title={`Delete ${b.brokerName}`}>
                  <IconButton size="small" aria-label={`Delete ${b.brokerName}`} onClick={() => onDelete(b)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          ),
        },
      ]
    : [];
  const columns: TColumn<TBroker>[] = [
    ...actions,
    { id: 'brokerName', header: 'Name', cell: (b) => line(b.brokerName), width: 192 },
    {
      id: 'fullAddress',
      header: 'Address',
      cell: (b) => {
        const [street, place] = addressLines(b);
        return (
          <>
            {line(street)}
            {place && line(place, true)}
          </>
        );
      },
      width: 190,
    },
    // Phone over email keeps every column in view at laptop widths.
    {
      id: 'phoneNumber',
      header: 'Phone / Email',
      cell: (b) => (
        <>
          {line(b.phoneNumber)}
          {line(b.email, true)}
        </>
      ),
      width: 230,
    },
    { id: 'mcNumber', header: 'MC', cell: (b) => b.mcNumber ?? '', width: 96, hideOnMobile: true },
    { id: 'dotNumber', header: 'DOT', cell: (b) => b.dotNumber ?? '', width: 98, hideOnMobile: true },
    { id: 'isActive', header: 'Active', cell: (b) => yesNo(b.isActive), sortValue: (b) => yesNo(b.isActive), width: 84 },
  ];
  return (
    <DataTable
      aria-label="Brokers"
      fill
      columns={columns}
      rows={brokers}
      rowKey={(b) => b.brokerId}
      loading={loading}
      defaultSort={{ id: 'brokerName', desc: false }}
      emptyText="No brokers yet"
    />
  );
}
