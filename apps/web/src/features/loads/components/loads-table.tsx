import type { TLoad, TLoadSortColumn } from '@haulboard/contract';
import { Typography } from '@mui/material';
import { CellLine, DataTable, type TColumn, type TSort } from '../../../components/data-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { cityState } from '../../../lib/us-states';
import { BOARD_PAGE_SIZES } from '../lib/board-search';
import { LoadActions, type TLoadActionsProps } from './load-actions';
import { DisputeChip, loadWarnings, NO_DRIVER, NO_PAYOUT, WarningChip, warningTint } from './load-flags';

type TLoadsTableProps = Omit<TLoadActionsProps, 'load'> & {
  rows: TLoad[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  sort: TSort;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onSortChange: (sort: TSort) => void;
  emptyText: string;
};

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Two dense lines of body text and the cell padding: most rows once measured. */
const ROW_HEIGHT = 40;
/** Below this viewport width (a laptop with the sidebar open) Miles and PPM give way; Stops below the next. */
const WIDE = 1440;
const WIDER = 1600;

/**
 * The board's table view: the shared DataTable in server mode (sorting and paging on the server).
 * At 1280 px with the sidebar open it shows, without scrolling sideways, what a dispatcher works
 * from: load and broker, start and end, route, drivers, payout, status and the actions; Miles,
 * PPM and Stops join on wider screens (they are on the cards and in the dialog too).
 */
export function LoadsTable(props: TLoadsTableProps) {
  const { canEdit, canDelete, onOpen, onDelete, closedWeekIds } = props;
  const columns: TColumn<TLoad>[] = [
    {
      id: 'loadNumber' satisfies TLoadSortColumn,
      header: 'Load # / Broker',
      width: 156,
      cell: (l) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }} title={l.loadNumber}>
            {l.loadNumber}
          </Typography>
          <CellLine secondary>{l.brokerName}</CellLine>
        </>
      ),
    },
    {
      id: 'loadStartDate',
      header: 'Start / End',
      width: 160,
      cell: (l) => (
        <>
          <CellLine>{formatDateTime(l.loadStartDate)}</CellLine>
          <CellLine secondary>{formatDateTime(l.loadEndDate)}</CellLine>
        </>
      ),
    },
    {
      id: 'originCity',
      header: 'Route',
      width: 180,
      cell: (l) => {
        const destination = cityState(l.destinationCity, l.destinationStateName);
        return (
          <>
            <CellLine>{cityState(l.originCity, l.originStateName)}</CellLine>
            <CellLine secondary title={destination}>
              <span aria-hidden="true">→ </span>
              {destination}
            </CellLine>
          </>
        );
      },
    },
    {
      id: 'drivers',
      header: 'Drivers',
      width: 140,
      sortable: false,
      // One driver a line: a team's second driver is not cut off.
      cell: (l) =>
        l.loadDriverNames
          ? l.loadDriverNames.split(', ').map((name, i) => <CellLine key={`${i}-${name}`}>{name}</CellLine>)
          : <WarningChip label={NO_DRIVER} />,
    },
    { id: 'tripLength', header: 'Miles', width: 76, align: 'right', hideBelow: WIDE, cell: (l) => number.format(l.tripLength) },
    { id: 'numberOfStops', header: 'Stops', width: 64, align: 'right', hideBelow: WIDER, cell: (l) => l.numberOfStops },
    { id: 'pricePerMile', header: 'PPM', width: 76, align: 'right', hideBelow: WIDE, cell: (l) => formatMoney(l.pricePerMile) },
    {
      id: 'payout',
      header: 'Payout',
      width: 128,
      align: 'right',
      // Like No driver: the warning stands where the missing value would be, so a row keeps two lines.
      cell: (l) => (loadWarnings(l).includes(NO_PAYOUT) ? <WarningChip label={NO_PAYOUT} /> : formatMoney(l.payout)),
    },
    {
      id: 'loadStatusName',
      header: 'Status',
      width: 104,
      cell: (l) => (
        <>
          <CellLine>{l.loadStatusName}</CellLine>
          {l.isDispute && <DisputeChip />}
        </>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      // Two small icon buttons (30 px each) and the cell padding.
      width: canDelete ? 100 : 64,
      sortable: false,
      cell: (l) => <LoadActions load={l} canEdit={canEdit} canDelete={canDelete} onOpen={onOpen} onDelete={onDelete} closedWeekIds={closedWeekIds} />,
    },
  ];

  return (
    <DataTable
      aria-label="Loads"
      fill
      dense
      columns={columns}
      rows={props.rows}
      rowKey={(l) => l.loadId}
      total={props.total}
      page={props.page}
      pageSize={props.pageSize}
      pageSizeOptions={BOARD_PAGE_SIZES}
      sort={props.sort}
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
      onSortChange={props.onSortChange}
      loading={props.loading}
      emptyText={props.emptyText}
      onRowClick={onOpen}
      rowSx={(l) => (loadWarnings(l).length ? { bgcolor: warningTint } : undefined)}
      estimateRowHeight={ROW_HEIGHT}
    />
  );
}
