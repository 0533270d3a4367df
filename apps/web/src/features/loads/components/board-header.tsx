import { formatCents, toCents } from '@haulboard/contract';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import TableRowsOutlinedIcon from '@mui/icons-material/TableRowsOutlined';
import ViewModuleOutlinedIcon from '@mui/icons-material/ViewModuleOutlined';
import { Box, Button, Paper, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { usePageTitle } from '../../../lib/page-title';
import type { TBoardView } from '../lib/board-search';

type TBoardHeaderProps = {
  /** Exact total of every load the filter selects ('12345.60'); undefined while loading. */
  totalPayout: string | undefined;
  loadCount: number | undefined;
  /** The list could not be read: the Total shows a dash, not a placeholder that never ends. */
  failed?: boolean;
  /** Trip miles of every selected load ('4210.5') and payout ÷ miles ('2.41', null without miles). */
  totalMiles?: string;
  averageRatePerMile?: string | null;
  view: TBoardView;
  onViewChange: (view: TBoardView) => void;
  canAdd: boolean;
  onAdd: () => void;
  onPrint: () => void;
  onExport: () => void;
  exporting: boolean;
};

const count = new Intl.NumberFormat('en-US');
const miles = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The board's title, running Total, Add Load, Print, Export and the table / cards switch. */
export function BoardHeader(props: TBoardHeaderProps) {
  usePageTitle('Load Board');
  const cents = props.totalPayout === undefined ? null : toCents(props.totalPayout);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'center' } }}
      className="no-print"
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          Load Board
        </Typography>
        <Paper
          variant="outlined"
          role="status"
          aria-live="polite"
          aria-label="Total payout"
          sx={{ px: 2, py: 0.75, borderColor: 'primary.main', bgcolor: 'action.hover', textAlign: 'right' }}
        >
          {/* Two lines, not three: the board's header leaves the table as much of the window as it can. */}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'flex-end' }}>
            <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.2 }}>
              Total
            </Typography>
            {props.failed ? (
              <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="board-total" aria-label="Not available">
                —
              </Typography>
            ) : cents === null ? (
              <Skeleton width={110} height={28} />
            ) : (
              <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="board-total">
                {formatCents(cents)}
              </Typography>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {props.loadCount === undefined || props.failed ? '\u00a0' : `${count.format(props.loadCount)} ${props.loadCount === 1 ? 'load' : 'loads'}`}
            {props.totalMiles !== undefined && props.loadCount && !props.failed ? ` · ${miles.format(Number(props.totalMiles))} mi` : ''}
            {props.averageRatePerMile && props.loadCount && !props.failed ? ` · ${formatCents(toCents(props.averageRatePerMile) ?? 0)}/mi` : ''}
          </Typography>
        </Paper>
      </Stack>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: { xs: 'flex-start', md: 'flex-end' } }}>
        {props.canAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={props.onAdd}>
            Add Load
          </Button>
        )}
        <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={props.onPrint}>
          Print
        </Button>
        <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={props.onExport} loading={props.exporting}>
          Export
        </Button>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={props.view}
          onChange={(_e, v: TBoardView | null) => v && props.onViewChange(v)}
          aria-label="View"
          sx={{ ml: { md: 1 } }}
        >
          <ToggleButton value="table" aria-label="Table view">
            <Tooltip title="Table view">
              <TableRowsOutlinedIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
          <ToggleButton value="cards" aria-label="Card view">
            <Tooltip title="Card view">
              <ViewModuleOutlinedIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
    </Stack>
  );
}
