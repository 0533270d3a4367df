import type { TIftaMiles } from '@haulboard/contract';
import { useMediaQuery } from '@mui/material';
import { CellLine, DataTable, MOBILE_QUERY, type TColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { formatQuantity, toScaled } from '../lib/quantity';

const columns: TColumn<TIftaMiles>[] = [
  { id: 'quarter', header: 'Quarter', width: 100, cell: (m) => `Q${m.quarter} ${m.year}`, sortValue: (m) => m.year * 10 + m.quarter },
  { id: 'unitNumber', header: 'Unit', width: 100, cell: (m) => m.unitNumber },
  { id: 'stateName', header: 'State', width: 160, cell: (m) => <CellLine>{m.stateName}</CellLine> },
  { id: 'miles', header: 'Miles', width: 110, align: 'right', cell: (m) => formatQuantity(m.miles, 1), sortValue: (m) => Number(toScaled(m.miles, 1)) },
  {
    id: 'taxableMiles',
    header: 'Taxable miles',
    width: 130,
    align: 'right',
    cell: (m) => formatQuantity(m.taxableMiles, 1),
    sortValue: (m) => Number(toScaled(m.taxableMiles, 1)),
    hideOnMobile: true,
  },
  { id: 'source', header: 'Source', width: 160, cell: (m) => <CellLine>{m.source}</CellLine>, hideOnMobile: true },
  { id: 'createdOn', header: 'Uploaded on', width: 170, cell: (m) => formatDateTime(m.createdOn) },
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

/** Spec §2 accounting/iftamiles-import table: quarter, unit, state, miles and uploaded on (and the taxable miles kept beside them). */
export function MilesTable({ rows, loading }: { rows: TIftaMiles[]; loading: boolean }) {
  const isPhone = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  return (
    <DataTable
      aria-label="IFTA miles"
      fill
      columns={isPhone ? phoneColumns : columns}
      rows={rows}
      rowKey={(m) => m.iftaMilesId}
      loading={loading}
      emptyText="No miles in this period"
    />
  );
}
