import { formatMoney, type TOrderAlert } from '@haulboard/contract';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, AlertTitle, Box, Button, IconButton, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { dismissAlerts, dismissAll } from '../live/order-stream';
import { useOrderStream } from '../live/use-order-stream';

const isWebLink = (link: string | null) => !!link && /^https?:\/\//i.test(link);
const isAppPath = (link: string | null) => !!link && link.startsWith('/') && !link.startsWith('//');

/** '$2.61/mi' from the payout and the distance (exact enough for a glance; the board has the figures). */
function perMile(a: TOrderAlert) {
  if (!a.payout || !a.distance) return null;
  const rate = Number(a.payout) / a.distance;
  return Number.isFinite(rate) ? `$${rate.toFixed(2)}/mi` : null;
}

/** An order's new matches, newest first: the card shows the newest and counts the rest. */
type TGroup = { key: string; orderId: number; alerts: TOrderAlert[] };
function groupByOrder(alerts: TOrderAlert[]): TGroup[] {
  const groups = new Map<string, TGroup>();
  for (const a of alerts) {
    // A booking is its own card, never counted among the order's matches.
    const key = a.kind === 'booked' ? `booked ${a.id}` : `order ${a.orderId}`;
    const g = groups.get(key) ?? { key, orderId: a.orderId, alerts: [] };
    g.alerts.push(a);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** A booking (Book, Book & Assign) is announced like a match, naming the load and the driver. */
const isBooking = (a: TOrderAlert) => a.kind === 'booked';

/** The card's title: 'Booked 114-22 for Sam Carter', or 'Match for Sam Carter' / '3 matches for …'. */
export function alertTitle(alert: TOrderAlert, count: number) {
  if (isBooking(alert)) return `Booked ${alert.loadNumber ? `${alert.loadNumber} ` : ''}for ${alert.drivers}`;
  return `${count === 1 ? 'Match' : `${count} matches`} for ${alert.drivers}`;
}

function AlertCard({ group }: { group: TGroup }) {
  const [alert] = group.alerts;
  const count = group.alerts.length;
  const booking = isBooking(alert);
  const route = [alert.origin, alert.destination].filter(Boolean).join(' → ');
  const facts = [
    alert.pickupAt ? `Pickup ${formatDateTime(alert.pickupAt)}` : null,
    alert.distance ? `${Math.round(alert.distance).toLocaleString('en-US')} mi` : null,
    alert.payout ? formatMoney(alert.payout) : null,
    perMile(alert),
  ].filter(Boolean);
  return (
    <Alert
      severity="success"
      variant="outlined"
      sx={{ bgcolor: 'background.paper', boxShadow: 3, py: 0.25, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
      action={
        <IconButton
          size="small"
          aria-label={booking ? `Dismiss the booking of order #${group.orderId}` : `Dismiss the matches for order #${group.orderId}`}
          onClick={() => dismissAlerts(group.alerts.map((a) => a.id))}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      <AlertTitle sx={{ overflowWrap: 'anywhere', mb: 0.25 }}>
        {alertTitle(alert, count)}
      </AlertTitle>
      <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {count > 1 ? 'Newest: ' : ''}
        {route || alert.text}
      </Typography>
      {facts.length > 0 && (
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {facts.join(' · ')}
        </Typography>
      )}
      <Stack direction="row" sx={{ mt: 0.25, columnGap: 2, flexWrap: 'wrap' }}>
        {isWebLink(alert.link) && (
          <Link href={alert.link ?? undefined} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            Open on the board
            <OpenInNewIcon sx={{ fontSize: 14 }} aria-hidden />
          </Link>
        )}
        {isAppPath(alert.link) && (
          <Link component={RouterLink} to={alert.link ?? ''} variant="body2">
            {alert.link?.startsWith(paths.loadSearch) ? 'Find it in Load Search' : booking ? 'Open the load' : 'View the match'}
          </Link>
        )}
        <Link component={RouterLink} to={paths.searchDashboard} variant="body2">
          Order #{group.orderId}
        </Link>
      </Stack>
    </Alert>
  );
}

/**
 * Matches found by Alert orders and bookings made by Book orders, pushed by the server: one card
 * per order's matches (its newest match and how many) and one per booking, kept until dismissed. `inline` is the dashboard's list above its orders; otherwise a
 * small stack at the top right of any other page (full width on a phone), rendered by the app shell
 * for people who may read the search dashboard.
 */
export function OrderAlertList({ inline = false }: { inline?: boolean }) {
  const { alerts } = useOrderStream();
  const { pathname } = useLocation();
  const onDashboard = pathname === paths.searchDashboard;
  if (!alerts.length || (!inline && onDashboard)) return null;
  const groups = groupByOrder(alerts);
  const shown = inline ? 3 : 1;
  const more = groups.length - shown;
  return (
    <Box
      component="section"
      aria-label="Load alerts"
      sx={
        inline
          ? { display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }
          : {
              position: 'fixed',
              top: { xs: 64, sm: 72 },
              right: { xs: 8, sm: 16 },
              left: { xs: 8, sm: 'auto' },
              width: { sm: 380 },
              // Above the page, below dialogs (a dialog opened on top stays usable).
              zIndex: (t) => t.zIndex.appBar - 1,
              display: 'flex',
              flexDirection: 'column',
              gap: 1,
            }
      }
    >
      {groups.slice(0, shown).map((g) => (
        <AlertCard key={g.key} group={g} />
      ))}
      {(more > 0 || groups.length > 1) && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center', gap: 1 }}>
          {more > 0 && (
            <Typography variant="body2" sx={{ bgcolor: 'background.paper', px: 1, borderRadius: 1 }}>
              {more === 1 ? '1 more order with matches' : `${more} more orders with matches`}
            </Typography>
          )}
          <Button size="small" variant="outlined" onClick={dismissAll} sx={{ bgcolor: 'background.paper' }}>
            Dismiss all
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/** The app shell's stack (lazy): every page but the dashboard, which lists them inline. */
export default function OrderAlerts() {
  return <OrderAlertList />;
}
