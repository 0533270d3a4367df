import { ORDER_STATUS, type TLoadOrder } from '@haulboard/contract';
import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Alert, Box, Button, Collapse, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BoardSessionWarning } from '../../components/board-session-warning';
import { PageHeader } from '../../components/page-header';
import { useReopenDraft } from '../../lib/form-draft';
import { failureMessage } from '../../lib/mutation';
import { paths } from '../../lib/paths';
import { useCan } from '../../lib/permissions';
import { ordersQuery, useOrders } from './api/get-orders';
import { CancelOrderDialog } from './components/cancel-order-dialog';
import { LiveStatus } from './components/live-status';
import { OrderAlertList } from './components/order-alerts';
import { OrderDialog } from './components/order-dialog';
import { OrderTimelineDialog } from './components/order-timeline-dialog';
import { OrdersTable } from './components/orders-table';
import { useOrderStream } from './live/use-order-stream';

/** The dialog's state: closed, placing an order, or editing one. */
type TEditing = { order: TLoadOrder | null } | null;

/**
 * Spec §2 relay/search-dashboard: Active Orders (status 1) with cancel, a collapsible Order History
 * (status 0), add and edit order, and each order's timeline. The list refreshes every 5 seconds
 * while the page is visible, and at once when the server pushes a change (server-sent events).
 */
export function SearchDashboardPage() {
  const orders = useOrders();
  const stream = useOrderStream();
  // Placing and editing need DenyDelete (PlaceOrder's level); cancelling needs Write (spec §6).
  const canEdit = useCan('SearchDashboardPage', 'DenyDelete');
  const canCancel = useCan('SearchDashboardPage', 'Write');
  const [editing, setEditing] = useState<TEditing>(null);
  const [cancelling, setCancelling] = useState<TLoadOrder | null>(null);
  const [timelineOf, setTimelineOf] = useState<TLoadOrder | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  // After signing in again, an order dialog cut off by the session's end opens with what was typed.
  const queryClient = useQueryClient();
  useReopenDraft('order', {
    onNew: () => canEdit && setEditing({ order: null }),
    find: async (id) => (await queryClient.fetchQuery(ordersQuery())).find((o) => o.loadOrderId === id) ?? null,
    onEdit: (order: TLoadOrder) => canEdit && setEditing({ order }),
  });
  const all = orders.data ?? [];
  const active = all.filter((o) => o.loadOrderStatusId === ORDER_STATUS.active);
  const history = all.filter((o) => o.loadOrderStatusId !== ORDER_STATUS.active);
  const loading = orders.isPending;
  const paused = active.filter((o) => o.state === 'paused');
  const canSeeCookies = useCan('CookieAdminPage', 'Read');
  const common = { onTimeline: setTimelineOf, onEdit: (order: TLoadOrder) => setEditing({ order }), onCancel: setCancelling };
  return (
    <>
      <PageHeader
        title="Search Dashboard"
        actions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ order: null })}>
              Add order
            </Button>
          )
        }
      />
      <BoardSessionWarning />
      {orders.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(orders.error)}
        </Alert>
      )}
      {paused.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {paused.length === 1 ? '1 order is paused' : `${paused.length} orders are paused`}
          {paused[0].stateReason ? `: ${paused[0].stateReason}` : ''}.{' '}
          {canSeeCookies ? (
            <>
              A working board session can be stored on{' '}
              <Link component={RouterLink} to={paths.cookieAdmin}>
                Cookie Administration
              </Link>
              .
            </>
          ) : (
            'An administrator can store a working board session.'
          )}
        </Alert>
      )}
      <OrderAlertList inline />
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Active Orders
        </Typography>
        <LiveStatus status={stream.status} />
      </Stack>
      <OrdersTable
        aria-label="Active Orders"
        orders={active}
        loading={loading}
        emptyText="No active orders"
        canEdit={canEdit}
        canCancel={canCancel}
        {...common}
      />
      <Box component="section" aria-labelledby="order-history-heading" sx={{ mt: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" id="order-history-heading">
            <Button
              color="inherit"
              onClick={() => setHistoryOpen((open) => !open)}
              aria-expanded={historyOpen}
              aria-controls="order-history"
              endIcon={<ExpandMoreIcon sx={{ transform: historyOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
              sx={{ typography: 'h6', textTransform: 'none', px: 1, ml: -1 }}
            >
              Order History ({history.length})
            </Button>
          </Typography>
        </Stack>
        <Collapse in={historyOpen} id="order-history" unmountOnExit>
          <Box sx={{ mt: 1 }}>
            <OrdersTable
              aria-label="Order History"
              orders={history}
              loading={loading}
              emptyText="No orders in history"
              canEdit={false}
              canCancel={false}
              {...common}
            />
          </Box>
        </Collapse>
      </Box>
      {editing && <OrderDialog key={editing.order?.loadOrderId ?? 'new'} order={editing.order} onClose={() => setEditing(null)} />}
      {cancelling && <CancelOrderDialog key={cancelling.loadOrderId} order={cancelling} onClose={() => setCancelling(null)} />}
      {timelineOf && (
        <OrderTimelineDialog
          key={timelineOf.loadOrderId}
          // The order as the list has it now, so that its state keeps up while the dialog is open.
          order={all.find((o) => o.loadOrderId === timelineOf.loadOrderId) ?? timelineOf}
          onClose={() => setTimelineOf(null)}
        />
      )}
    </>
  );
}
