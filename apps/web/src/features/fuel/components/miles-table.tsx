import type { TIftaMiles } from '@haulboard/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { IconButton, Stack, useMediaQuery } from '@mui/material';
import { useMemo } from 'react';
import { CellLine, DataTable, MOBILE_QUERY, type TColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { formatQuantity, toScaled } from '../lib/quantity';

const columns: TColumn<TIftaMiles>[] = [
  { id: 'quarter', header: 'Quarter', width: 90, cell: (m) => `Q${m.quarter} ${m.year}`, sortValue: (m) => m.year * 10 + m.quarter },
  { id: 'unitNumber', header: 'Unit', width: 90, cell: (m) => m.unitNumber },
  { id: 'stateName', header: 'State', width: 130, cell: (m) => <CellLine>{m.stateName}</CellLine> },
  { id: 'miles', header: 'Miles', width: 100, align: 'right', cell: (m) => formatQuantity(m.miles, 1), sortValue: (m) => Number(toScaled(m.miles, 1)) },
  {
    id: 'taxableMiles',
    header: 'Taxable miles',
    width: 120,
    align: 'right',
    cell: (m) => formatQuantity(m.taxableMiles, 1),
    sortValue: (m) => Number(toScaled(m.taxableMiles, 1)),
    hideOnMobile: true,
  },
  { id: 'source', header: 'Source', width: 140, cell: (m) => <CellLine>{m.source}</CellLine>, hideOnMobile: true },
  // A trip file's rows are kept per trip: the row sums them. Blank: miles known only per quarter.
  { id: 'trips', header: 'Trips', width: 70, align: 'right', cell: (m) => (m.trips ? m.trips.toLocaleString('en-US') : ''), sortValue: (m) => m.trips, hideOnMobile: true },
  { id: 'createdOn', header: 'Uploaded on', width: 160, cell: (m) => formatDateTime(m.createdOn) },
];

/** At phone widths: unit and quarter, state and upload day, miles, each in two lines. */
const phoneColumns: TColumn<TIftaMiles>[] = [
  {
    id: 'unitNumber',
    header: 'Unit',
    width: 100,
    cell: (m) => (
      <>
        <CellLine>{m.unitNumber}</CellLine>
        <CellLine secondary>
          Q{m.quarter} {m.year}
        </CellLine>
      </>
    ),
  },
  {
    id: 'stateName',
    header: 'State / uploaded',
    width: 150,
    cell: (m) => (
      <>
        <CellLine>{m.stateName}</CellLine>
        <CellLine secondary>{formatDateTime(m.createdOn)}</CellLine>
      </>
    ),
  },
  { id: 'miles', header: 'Miles', width: 100, align: 'right', cell: (m) => formatQuantity(m.miles, 1), sortValue: (m) => Number(toScaled(m.miles, 1)) },
];

type TMilesTableProps = {
  rows: TIftaMiles[];
  loading: boolean;
  /** Edit the row's unit quarter (DenyDelete on the page); delete it (Write). */
  onEdit?: (row: TIftaMiles) => void;
  onDelete?: (row: TIftaMiles) => void;
};

/** Spec §2 accounting/iftamiles-import table: quarter, unit, state, miles and uploaded on (and the taxable miles kept beside them). */
export function MilesTable({ rows, loading, onEdit, onDelete }: TMilesTableProps) {
  const isPhone = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const shown = useMemo<TColumn<TIftaMiles>[]>(() => {
    const base = isPhone ? phoneColumns : columns;
    if (!onEdit && !onDelete) return base;
    const name = (m: TIftaMiles) => `unit ${m.unitNumber}, Q${m.quarter} ${m.year}`;
    const actions: TColumn<TIftaMiles> = {
      id: 'actions',
      header: 'Actions',
      width: 80,
      cell: (m) => (
        <Stack direction="row">
          {onEdit && (
            <IconButton size="small" aria-label={`Edit the miles of ${name(m)}`} onClick={() => onEdit(m)}>
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          )}
          {onDelete && (
            <IconButton size="small" aria-label={`Delete the miles of ${name(m)}`} onClick={() => onDelete(m)}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          )}
        </Stack>
      ),
    };
    return [...base, actions];
  }, [isPhone, onEdit, onDelete]);
  return (
    <DataTable
      aria-label="IFTA miles"
      fill
      columns={shown}
      rows={rows}
      rowKey={(m) => m.iftaMilesId}
      loading={loading}
      emptyText="No miles in this period"
    />
  );
}
