import { lineCapText, ROLE } from '@haulboard/contract';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Stack, Typography, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MOBILE_QUERY } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { formatMoney } from '../../lib/format';
import { failureMessage } from '../../lib/mutation';
import { paths } from '../../lib/paths';
import { useCan } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { settlementsHref } from '../../lib/settlement-search';
import { useDriverDashboard } from './api/get-driver-dashboard';
import { DashboardFilters } from './components/dashboard-filters';
import { ExecutedLoads } from './components/executed-loads';
import { ExpenseLines } from './components/expense-lines';
import { FuelLines } from './components/fuel-lines';
import { SummaryCards } from './components/summary-cards';
import { toDashboardQuery } from './lib/dashboard-search';
import { useDashboardSearch } from './use-dashboard-search';

/** Under a list the API cut to its first lines: how many there are in all (the totals count every one). */
function CutNotice({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  if (shown >= total) return null;
  return (
    <Alert severity="info" sx={{ mt: 1 }} data-testid="lines-cut">
      {lineCapText(noun, shown, total, false)}
    </Alert>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A footer line of totals under a table. */
const Totals = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ textAlign: 'right', fontWeight: 600 }}>
    {children}
  </Typography>
);

/**
 * Spec §2 dashboard-driver: one driver's gross, additions, expenses, fuel, administration fee and
 * net for a work week, a work year or dates, with the loads, expenses and fuel behind them. People
 * with DenyDelete on the dashboard choose the driver; a driver sees their own figures.
 */
export function DriverDashboardPage() {
  const { filter, ready, applyFilter, clearFilter } = useDashboardSearch();
  const showDriver = useCan('DriverDashboardPage', 'DenyDelete');
  const roleId = useSession().data?.roleId ?? null;
  // Spec §6: company gross for roleId 1 and 2; load numbers link to the board below roleId 3.
  const showCompany = roleId === ROLE.Administrator || roleId === ROLE.Dispatcher;
  const linked = roleId !== null && roleId < ROLE.Driver;
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });

  const dashboard = useDriverDashboard(toDashboardQuery(filter, showDriver), ready);
  const data = dashboard.data;
  const driver = data?.driver ?? null;
  const loading = dashboard.isFetching || !ready;
  const noDriverChosen = showDriver && !filter.driverId;
  // One week and one driver (a driver: themself): their settlement statement for that week.
  const statementHref =
    filter.weekId && (!showDriver || filter.driverId)
      ? settlementsHref(paths.settlements, { year: filter.year, weekId: filter.weekId, driverId: showDriver ? filter.driverId : null })
      : null;

  return (
    <>
      <PageHeader
        title="Driver Dashboard"
        actions={
          <>
            {statementHref && (
              <Button component={Link} to={statementHref} variant="outlined" startIcon={<ReceiptLongOutlinedIcon />}>
                Statement
              </Button>
            )}
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => dashboard.refetch()} disabled={!ready || dashboard.isFetching}>
              Refresh
            </Button>
          </>
        }
      />
      <DashboardFilters value={filter} showDriver={showDriver} onSearch={(f) => applyFilter(f) || dashboard.refetch()} onClear={clearFilter} />
      {dashboard.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(dashboard.error)}
        </Alert>
      )}
      {data && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1.5, flexWrap: 'wrap', alignItems: 'baseline' }} data-testid="dashboard-heading">
          {driver && (
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
              {driver.name}
              {driver.unitNumber ? ` · Unit ${driver.unitNumber}` : ' · No unit'}
            </Typography>
          )}
          <Typography variant="subtitle1" component="p" color="text.secondary">
            {data.period}
          </Typography>
        </Stack>
      )}
      {data && noDriverChosen && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Choose a driver in the filters and press Search to see their loads, expenses, fuel and net pay for this period.
        </Alert>
      )}
      {data && <SummaryCards data={data} showCompany={showCompany} stale={dashboard.isPlaceholderData} />}
      {data && driver && (
        <>
          <Section title="Executed Loads">
            <ExecutedLoads
              loads={data.driverLoadList}
              loading={loading}
              asCards={isMobile}
              linked={linked}
              emptyText={`No executed loads for ${driver.name} in this period. A load counts once it is delivered, invoiced, paid or TONU.`}
              footer={
                <Totals>
                  {data.lineCounts.loads.toLocaleString('en-US')} {data.lineCounts.loads === 1 ? 'load' : 'loads'} · Gross {formatMoney(data.totalGross)}
                </Totals>
              }
            />
            <CutNotice shown={data.driverLoadList.length} total={data.lineCounts.loads} noun="loads" />
          </Section>
          <Section title="Expenses">
            <ExpenseLines
              expenses={data.driverExpenseList}
              loading={loading}
              isMobile={isMobile}
              emptyText={`No expenses or reimbursements for ${driver.name} in this period.`}
              footer={
                <Totals>
                  Deducted −{formatMoney(data.totalExpense)} · Added +{formatMoney(data.totalAdditions)}
                </Totals>
              }
            />
            <CutNotice shown={data.driverExpenseList.length} total={data.lineCounts.expenses} noun="expenses and reimbursements" />
          </Section>
          <Section title="Fuel">
            <FuelLines
              fuel={data.driverFuelList}
              loading={loading}
              isMobile={isMobile}
              emptyText={
                driver.unitNumber
                  ? `No fuel-card transactions for unit ${driver.unitNumber} in this period.`
                  : `${driver.name} has no unit number, so no fuel-card transactions are charged.`
              }
              footer={<Totals>Total fuel −{formatMoney(data.totalFuel)}</Totals>}
            />
            <CutNotice shown={data.driverFuelList.length} total={data.lineCounts.fuel} noun="fuel-card lines" />
          </Section>
        </>
      )}
    </>
  );
}
