import type { TLoadOrder } from '@haulboard/contract';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import { Box, IconButton, Stack, Tooltip, useMediaQuery } from '@mui/material';
import { CellLine, DataTable, MOBILE_QUERY, type TColumn } from '../../../components/data-table';
import { formatDate, formatDateTime } from '../../../lib/format';
import { actionName, driversOf, filterText, places } from '../order-text';
import { OrderState } from './order-state';

type TOrdersTableProps = {
  'aria-label': string;
  orders: TLoadOrder[];
  loading: boolean;
  emptyText: string;
  /** Active orders can be edited (DenyDelete) and cancelled (Write); history only shows its timeline. */
  canEdit: boolean;
  canCancel: boolean;
  onTimeline: (order: TLoadOrder) => void;
  onEdit: (order: TLoadOrder) => void;
  onCancel: (order: TLoadOrder) => void;
};

/** Up to two lines, for the route that matters most in the row. */
const Wrapped = ({ children }: { children: string }) => (
  <Box
    component="span"
    title={children}
    sx={{ display: '-webkit-box', whiteSpace: 'normal', overflow: 'hidden', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflowWrap: 'anywhere' }}
  >
    {children}
  </Box>
);

const excludedText = (o: TLoadOrder) =>
  o.excludedStates.length || o.excludedDestinations.length ? `Excluding ${[...o.excludedStates, ...o.excludedDestinations.map((d) => d.label)].join(', ')}` : '';

const routeText = (o: TLoadOrder) => `${o.origin.label} (${o.originRadius} mi) → ${places(o.destination)}${o.destination.length ? ` (${o.destinationRadius} mi)` : ''}`;

/** One table of orders: who, where, at what rate, and what the engine is doing with it. */
export function OrdersTable({ orders, loading, emptyText, canEdit, canCancel, onTimeline, onEdit, onCancel, ...rest }: TOrdersTableProps) {
  const isPhone = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const name = (o: TLoadOrder) => `order #${o.loadOrderId}`;
  const actions: TColumn<TLoadOrder> = {
      id: 'actions',
      header: isPhone ? '' : 'Actions',
      sortable: false,
      // The same width in both tables, so that their columns line up.
    width: isPhone ? 52 : 126,
      cell: (o) => (
        <Stack direction={isPhone ? 'column' : 'row'} spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Tooltip title={`Timeline of ${name(o)}`}>
            <IconButton size="small" aria-label={`Timeline of ${name(o)}`} onClick={() => onTimeline(o)}>
              <TimelineOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {canEdit && (
            <Tooltip title={`Edit ${name(o)}`}>
              <IconButton size="small" aria-label={`Edit ${name(o)}`} onClick={() => onEdit(o)}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canCancel && (
            <Tooltip title={`Cancel ${name(o)}`}>
              <IconButton size="small" aria-label={`Cancel ${name(o)}`} onClick={() => onCancel(o)}>
                <CancelOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    };
  const phoneColumns: TColumn<TLoadOrder>[] = [
    actions,
    {
      id: 'loadOrderId',
      header: 'Order',
      cell: (o) => (
        <Stack spacing={0.25} sx={{ py: 0.5 }}>
          <CellLine>
            #{o.loadOrderId} · {driversOf(o)}
          </CellLine>
          <CellLine secondary>
            {actionName(o.orderActionType)} · {filterText(o)}
          </CellLine>
          <Wrapped>{routeText(o)}</Wrapped>
          {excludedText(o) && <CellLine secondary>{excludedText(o)}</CellLine>}
          <Box>
            <OrderState order={o} />
          </Box>
        </Stack>
      ),
    },
  ];
  const columns: TColumn<TLoadOrder>[] = [
    actions,
    {
      id: 'loadOrderId',
      header: 'Order',
      cell: (o) => (
        <>
          <CellLine>#{o.loadOrderId}</CellLine>
          <CellLine secondary title={formatDateTime(o.createdOn)}>
            {formatDate(o.createdOn)}
          </CellLine>
        </>
      ),
      width: 116,
    },
    {
      id: 'driver1Name',
      header: 'Driver',
      cell: (o) => (
        <>
          <Wrapped>{driversOf(o)}</Wrapped>
          <CellLine secondary>{actionName(o.orderActionType)}</CellLine>
        </>
      ),
      sortValue: (o) => driversOf(o),
      width: 170,
    },
    {
      id: 'route',
      header: 'Route',
      cell: (o) => (
        <>
          <Wrapped>{routeText(o)}</Wrapped>
          {excludedText(o) && <CellLine secondary>{excludedText(o)}</CellLine>}
        </>
      ),
      sortValue: (o) => o.origin.label,
      width: 280,
    },
    { id: 'filters', header: 'Filters', cell: (o) => <CellLine>{filterText(o)}</CellLine>, sortable: false, width: 230, hideBelow: 1440 },
    { id: 'state', header: 'State', cell: (o) => <OrderState order={o} />, sortValue: (o) => o.state, width: 250 },
  ];
  return (
    <DataTable
      {...rest}
      columns={isPhone ? phoneColumns : columns}
      rows={orders}
      rowKey={(o) => o.loadOrderId}
      loading={loading}
      emptyText={emptyText}
      estimateRowHeight={76}
    />
  );
}
