import { type TDriverDashboard, toCents } from '@haulboard/contract';
import { Box, Chip } from '@mui/material';
import type { ReactNode } from 'react';
import { CellLine, DataTable, type TColumn } from '../../../components/data-table';
import { formatDate, formatMoney } from '../../../lib/format';

type TDashboardExpense = TDriverDashboard['driverExpenseList'][number];

/** A reimbursement adds to pay: shown with a plus sign, a deduction with a minus. */
export const signedExpense = (e: TDashboardExpense) => `${e.isReimbursement ? '+' : '−'}${formatMoney(e.amount)}`;

const detail = (e: TDashboardExpense) => [e.expenseTypeName, e.occurrence].filter(Boolean).join(' · ');

type TExpenseLinesProps = { expenses: TDashboardExpense[]; loading: boolean; emptyText: string; footer: ReactNode; isMobile: boolean };

/** Spec §2: the Expenses table, each one-time expense and recurring occurrence of the period; reimbursements are additions. */
export function ExpenseLines({ expenses, loading, emptyText, footer, isMobile }: TExpenseLinesProps) {
  const columns: TColumn<TDashboardExpense>[] = [
    { id: 'expenseDate', header: 'Date', cell: (e) => formatDate(e.expenseDate), width: 110, hideOnMobile: true },
    {
      id: 'expenseName',
      header: 'Description',
      cell: (e) => (
        <>
          <CellLine>{e.expenseName}</CellLine>
          {/* On a phone the date column makes way for the amount: the date joins the second line. */}
          <CellLine secondary>{isMobile ? `${formatDate(e.expenseDate)} · ${detail(e)}` : detail(e)}</CellLine>
        </>
      ),
      width: isMobile ? 230 : 260,
    },
    {
      id: 'kind',
      header: 'Kind',
      cell: (e) => (e.isReimbursement ? <Chip size="small" color="success" variant="outlined" label="Addition" /> : <CellLine secondary>Deduction</CellLine>),
      sortValue: (e) => (e.isReimbursement ? 0 : 1),
      width: 110,
      hideOnMobile: true,
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (e) => (
        <CellLine>
          <Box component="span" sx={{ color: e.isReimbursement ? 'success.main' : undefined }}>
            {signedExpense(e)}
          </Box>
        </CellLine>
      ),
      sortValue: (e) => (toCents(e.amount) ?? 0) * (e.isReimbursement ? 1 : -1),
      width: 110,
    },
  ];
  return (
    <DataTable
      aria-label="Expenses"
      columns={columns}
      rows={expenses}
      rowKey={(e) => `${e.expenseId}-${e.expenseDate}`}
      loading={loading}
      emptyText={emptyText}
      estimateRowHeight={53}
      maxHeight={420}
      paginateOnlyWhenNeeded
      footer={expenses.length ? footer : undefined}
    />
  );
}
