import type { TLoad, TLoadSortColumn } from '@haulboard/contract';
import { Box, Stack, Typography } from '@mui/material';
import { DataTable, type TColumn, type TSort } from '../../../components/data-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { BOARD_PAGE_SIZES } from '../lib/board-search';
import { cityState } from '../../../lib/us-states';
import { LoadActions, type TLoadActionsProps } from './load-actions';
import { LoadFlags, loadWarnings, warningTint } from './load-flags';

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

/** The board's table view: the shared DataTable in server mode (sorting and paging on the server). */
export function LoadsTable(props: TLoadsTableProps) {
  const { canEdit, canDelete, onOpen, onDelete } = props;
  const columns: TColumn<TLoad>[] = [
    {
      id: 'loadNumber' satisfies TLoadSortColumn,
      header: 'Load #',
      width: 150,
      cell: (l) => (
        <Stack spacing={0.5} sx={{ py: 0.25, alignItems: 'flex-start' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {l.loadNumber}
          </Typography>
          <LoadFlags load={l} />
        </Stack>
      ),
    },
    { id: 'loadStartDate', header: 'Start', width: 168, cell: (l) => formatDateTime(l.loadStartDate) },
    { id: 'loadEndDate', header: 'End', width: 168, hideOnMobile: true, cell: (l) => formatDateTime(l.loadEndDate) },
    { id: 'originCity', header: 'Origin', width: 160, cell: (l) => cityState(l.originCity, l.originStateName) },
    { id: 'destinationCity', header: 'Destination', width: 160, cell: (l) => cityState(l.destinationCity, l.destinationStateName) },
    { id: 'brokerName', header: 'Broker', width: 160, hideOnMobile: true, cell: (l) => l.brokerName },
    {
      id: 'drivers',
      header: 'Drivers',
      width: 160,
      sortable: false,
      cell: (l) => l.loadDriverNames || <Box component="span" sx={{ color: 'text.secondary' }}>—</Box>,
    },
    { id: 'tripLength', header: 'Miles', width: 80, align: 'right', cell: (l) => number.format(l.tripLength) },
    { id: 'numberOfStops', header: 'Stops', width: 64, align: 'right', hideOnMobile: true, cell: (l) => l.numberOfStops },
    { id: 'pricePerMile', header: 'PPM', width: 80, align: 'right', cell: (l) => formatMoney(l.pricePerMile) },
    { id: 'payout', header: 'Payout', width: 110, align: 'right', cell: (l) => formatMoney(l.payout) },
    { id: 'loadStatusName', header: 'Status', width: 110, cell: (l) => l.loadStatusName },
    {
      id: 'actions',
      header: 'Actions',
      width: canDelete ? 88 : 64,
      sortable: false,
      cell: (l) => <LoadActions load={l} canEdit={canEdit} canDelete={canDelete} onOpen={onOpen} onDelete={onDelete} />,
    },
  ];

  return (
    <DataTable
      aria-label="Loads"
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
    />
  );
}
