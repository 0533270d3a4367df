import type { TCloseCheckItem, TCloseCheckKind, TSettlementWeek } from '@haulboard/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../lib/format';
import { failureMessage } from '../../../lib/mutation';
import { paths } from '../../../lib/paths';
import { useCloseChecklist } from '../api/settlements';

const PAGE_NAMES: Record<TCloseCheckItem['link']['page'], string> = {
  loadBoard: 'Open the load board of the week',
  fuelImport: 'Open fuel import',
  settlements: 'Open the statements',
  invoiceImport: 'Open the invoice check',
  systemAdmin: 'Open system admin',
};

/** Where an item is fixed: the page, with its filter in the query where the page reads one. */
export function checkItemHref(link: TCloseCheckItem['link']): string {
  const query = new URLSearchParams(link.query).toString();
  return `${paths[link.page]}${query ? `?${query}` : ''}`;
}

type TProps = {
  open: boolean;
  week: TSettlementWeek['week'];
  busy: boolean;
  onCancel: () => void;
  /** Closes the week with the kinds the administrator confirmed. */
  onClose: (confirmed: TCloseCheckKind[]) => unknown;
};

/**
 * Close week: first the checklist of what is still open in the week, each item linking to where it
 * is fixed. The week closes with items open only after each kind is confirmed.
 */
export function CloseWeekDialog({ open, week, busy, onCancel, onClose }: TProps) {
  const id = useId();
  const checklist = useCloseChecklist(week.weekId, open);
  const [confirmed, setConfirmed] = useState<TCloseCheckKind[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every opening starts with nothing confirmed
  useEffect(() => {
    setConfirmed([]);
  }, [open, week.weekId]);
  const items = checklist.data?.items ?? [];
  const allConfirmed = items.every((i) => confirmed.includes(i.kind));
  const toggle = (kind: TCloseCheckKind, on: boolean) => setConfirmed((c) => (on ? [...c, kind] : c.filter((k) => k !== kind)));
  const name = `week ${week.number} of ${week.year}`;
  return (
    <Dialog open={open} onClose={() => !busy && onCancel()} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>Close {name}?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Closing {name} ({formatDate(week.startDate)} – {formatDate(week.endDate)}) freezes every driver's statement as a numbered snapshot. While the
          week is closed, loads, expenses and fuel in it cannot change. A negative net is carried to the driver's next open week.
        </DialogContentText>
        {checklist.isError && <Alert severity="error">{failureMessage(checklist.error)}</Alert>}
        {checklist.isFetching && !checklist.data && <LinearProgress aria-label="Checking the week" />}
        {checklist.data && items.length === 0 && <Alert severity="success">Nothing is open in this week: it is ready to close.</Alert>}
        {items.length > 0 && (
          <Stack spacing={1.5} component="ul" aria-label="Before closing" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((item) => (
              <Paper component="li" variant="outlined" key={item.kind} sx={{ p: 1.5 }} aria-label={item.title}>
                <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
                  {item.title} ({item.count})
                </Typography>
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                  {item.lines.map((line) => (
                    <Typography component="li" variant="body2" key={line}>
                      {line}
                    </Typography>
                  ))}
                  {item.count > item.lines.length && (
                    <Typography component="li" variant="body2" color="text.secondary">
                      and {item.count - item.lines.length} more
                    </Typography>
                  )}
                </Box>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
                  <Link component={RouterLink} to={checkItemHref(item.link)} onClick={onCancel}>
                    {PAGE_NAMES[item.link.page]}
                  </Link>
                  <FormControlLabel
                    control={<Checkbox checked={confirmed.includes(item.kind)} onChange={(e) => toggle(item.kind, e.target.checked)} />}
                    label="Close anyway"
                  />
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button
          onClick={() => onClose(confirmed)}
          loading={busy}
          variant="contained"
          color={items.length ? 'warning' : 'primary'}
          disabled={!checklist.data || !allConfirmed}
        >
          {items.length ? 'Close with the confirmed items open' : 'Close week'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
