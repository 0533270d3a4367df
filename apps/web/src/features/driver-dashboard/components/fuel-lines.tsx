import { type TDriverDashboard, toCents } from '@haulboard/contract';
import type { ReactNode } from 'react';
import { CellLine, DataTable, type TColumn } from '../../../components/data-table';
import { formatDate, formatMoney } from '../../../lib/format';

type TDashboardFuel = TDriverDashboard['driverFuelList'][number];

/** Gallons for display only; they are shown, never summed or charged from here. */
const gallonsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const gallons = (f: TDashboardFuel) => gallonsFormat.format(Number(f.quantity) || 0);
const where = (f: TDashboardFuel) => [f.location, f.stateCode].filter(Boolean).join(', ');

type TFuelLinesProps = { fuel: TDashboardFuel[]; loading: boolean; emptyText: string; footer: ReactNode; isMobile: boolean };

/** Every fuel-card transaction of the driver's unit in the period: fuel, DEF and cash advances alike are deducted. */
export function FuelLines({ fuel, loading, emptyText, footer, isMobile }: TFuelLinesProps) {
  const columns: TColumn<TDashboardFuel>[] = isMobile
    ? [
        // On a phone: what and where in one column, the amount beside it.
        {
          id: 'fuelDate',
          header: 'Transaction',
          cell: (f) => (
            <>
              <CellLine>{`${formatDate(f.fuelDate)} · ${f.productName}`}</CellLine>
              <CellLine secondary>{[where(f), Number(f.quantity) ? `${gallons(f)} gal` : ''].filter(Boolean).join(' · ')}</CellLine>
              {f.lateFrom && <CellLine secondary>{f.lateFrom}</CellLine>}
            </>
          ),
          width: 230,
        },
        { id: 'amount', header: 'Amount', align: 'right', cell: (f) => `−${formatMoney(f.amount)}`, sortValue: (f) => toCents(f.amount) ?? 0, width: 110 },
      ]
    : [
        { id: 'fuelDate', header: 'Date', cell: (f) => formatDate(f.fuelDate), width: 110 },
        { id: 'productName', header: 'Product', cell: (f) => <CellLine>{f.productName}</CellLine>, width: 130 },
        {
          id: 'location',
          header: 'Where',
          cell: (f) => (
            <>
              <CellLine>{where(f)}</CellLine>
              {/* Late fuel: deducted here, dated in an earlier (closed) week. */}
              {f.lateFrom && <CellLine secondary>{f.lateFrom}</CellLine>}
            </>
          ),
          sortValue: (f) => `${f.stateCode} ${f.location ?? ''}`, width: 240 },
        { id: 'quantity', header: 'QTY', align: 'right', cell: gallons, sortValue: (f) => Number(f.quantity) || 0, width: 100 },
        { id: 'amount', header: 'Amount', align: 'right', cell: (f) => `−${formatMoney(f.amount)}`, sortValue: (f) => toCents(f.amount) ?? 0, width: 120 },
      ];
  return (
    <DataTable
      aria-label="Fuel"
      columns={columns}
      rows={fuel}
      rowKey={(f) => f.fuelTransactionId}
      loading={loading}
      emptyText={emptyText}
      estimateRowHeight={isMobile ? 53 : 33}
      maxHeight={420}
      paginateOnlyWhenNeeded
      footer={fuel.length ? footer : undefined}
    />
  );
}
