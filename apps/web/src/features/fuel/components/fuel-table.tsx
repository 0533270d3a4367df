import { LATE_FUEL_TEXT, type TFuelRecord, toCents } from '@haulboard/contract';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Chip, Stack, useMediaQuery } from '@mui/material';
import { CellLine, DataTable, MOBILE_QUERY, type TColumn } from '../../../components/data-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { formatQuantity, toScaled } from '../lib/quantity';

/** Diesel counts in IFTA; DEF, reefer fuel, oil, cash advances and fees are kept and marked. */
const product = (f: TFuelRecord) => (
  <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
    <CellLine>{f.productName}</CellLine>
    {!f.isIfta && <Chip size="small" label="Non-IFTA" color="warning" variant="outlined" sx={{ flexShrink: 0 }} />}
  </Stack>
);

const where = (f: TFuelRecord) => [f.location, f.city].filter(Boolean).join(', ');

/** The date, with a lock when its settlement week is closed (its pay statement is final). */
const dated = (f: TFuelRecord) => (
  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
    <CellLine>{formatDate(f.fuelDate)}</CellLine>
    {f.closedWeek && (
      <LockOutlinedIcon
        titleAccess={LATE_FUEL_TEXT.inClosedWeek(f.closedWeek)}
        aria-label={LATE_FUEL_TEXT.inClosedWeek(f.closedWeek)}
        sx={{ fontSize: 16, color: 'text.secondary', flexShrink: 0 }}
      />
    )}
  </Stack>
);

/** Late fuel: imported after its week was closed, deducted in a later open week. */
const lateChip = (f: TFuelRecord) =>
  f.lateWeek ? <Chip size="small" label={LATE_FUEL_TEXT.chip(f.lateWeek)} color="info" variant="outlined" sx={{ flexShrink: 0 }} /> : null;

const columns: TColumn<TFuelRecord>[] = [
  {
    id: 'fuelDate',
    header: 'Date',
    width: 130,
    cell: (f) => (
      <>
        {dated(f)}
        {f.fuelTime && <CellLine secondary>{f.fuelTime}</CellLine>}
      </>
    ),
    sortValue: (f) => `${f.fuelDate} ${f.fuelTime ?? ''}`,
  },
  {
    id: 'unitNumber',
    header: 'Unit number',
    width: 120,
    cell: (f) => (
      <>
        <CellLine>{f.unitNumber}</CellLine>
        {f.driverName && <CellLine secondary>{f.driverName}</CellLine>}
      </>
    ),
  },
  { id: 'product', header: 'Product', width: 150, cell: product, sortValue: (f) => f.productName },
  { id: 'quantity', header: 'QTY', width: 112, align: 'right', cell: (f) => formatQuantity(f.quantity), sortValue: (f) => Number(toScaled(f.quantity, 3)) },
  { id: 'amount', header: 'Amount', width: 110, align: 'right', cell: (f) => formatMoney(f.amount), sortValue: (f) => toCents(f.amount) ?? 0 },
  { id: 'fuelStateName', header: 'State', width: 120, cell: (f) => <CellLine>{f.fuelStateName}</CellLine> },
  {
    id: 'location',
    header: 'Location / vendor',
    width: 230,
    cell: (f) => (
      <>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
          <CellLine>{where(f)}</CellLine>
          {lateChip(f)}
        </Stack>
        <CellLine secondary>
          {f.vendor}
          {f.cardLast4 ? ` · card …${f.cardLast4}` : ''}
        </CellLine>
      </>
    ),
    sortValue: where,
    hideOnMobile: true,
  },
];

/** At phone widths three columns of two lines each, so date, unit, QTY, amount and state all show without scrolling sideways. */
const phoneColumns: TColumn<TFuelRecord>[] = [
  {
    id: 'fuelDate',
    header: 'Date / unit',
    width: 102,
    cell: (f) => (
      <>
        {dated(f)}
        <CellLine secondary>Unit {f.unitNumber}</CellLine>
        {lateChip(f)}
      </>
    ),
    sortValue: (f) => `${f.fuelDate} ${f.fuelTime ?? ''}`,
  },
  {
    id: 'product',
    header: 'Product / state',
    width: 128,
    cell: (f) => (
      <>
        {product(f)}
        <CellLine secondary>{f.fuelStateName}</CellLine>
      </>
    ),
    sortValue: (f) => f.productName,
  },
  {
    id: 'amount',
    header: 'Amount / QTY',
    width: 134,
    align: 'right',
    cell: (f) => (
      <>
        <CellLine>{formatMoney(f.amount)}</CellLine>
        <CellLine secondary>{formatQuantity(f.quantity)} gal</CellLine>
      </>
    ),
    sortValue: (f) => toCents(f.amount) ?? 0,
  },
];

/** Spec §2 accounting/fuel-import table: date, unit number, QTY, amount and state, with product, location and vendor. */
export function FuelTable({ lines, loading }: { lines: TFuelRecord[]; loading: boolean }) {
  const isPhone = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  return (
    <DataTable
      aria-label="Fuel lines"
      fill
      columns={isPhone ? phoneColumns : columns}
      rows={lines}
      rowKey={(f) => f.fuelTransactionId}
      loading={loading}
      defaultSort={{ id: 'fuelDate', desc: true }}
      estimateRowHeight={53}
      emptyText="No fuel lines in this period"
    />
  );
}
