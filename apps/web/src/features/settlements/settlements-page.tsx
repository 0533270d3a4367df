import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Paper } from '@mui/material';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PeriodFilter } from '../../components/period-filter';
import { paths } from '../../lib/paths';
import { useCan } from '../../lib/permissions';
import { settlementsHref } from '../../lib/settlement-search';
import { StatementView } from './components/statement-view';
import { WeekView } from './components/week-view';
import { useSettlementSearch } from './use-settlement-search';

/**
 * /app/accounting/settlements: weekly driver settlements. People with DenyDelete on the driver
 * dashboard see the week (every driver's totals, its status, close and reopen for Write, all
 * statements in one PDF) and open a driver's statement from it; a driver sees their own statement.
 */
export function SettlementsPage() {
  const { search, ready, setSearch } = useSettlementSearch();
  const seesAll = useCan('DriverDashboardPage', 'DenyDelete');
  const canWrite = useCan('DriverDashboardPage', 'Write');
  const { year, weekId, driverId } = search;
  const hrefOf = (userId: number) => settlementsHref(paths.settlements, { year, weekId, driverId: userId });

  return (
    <>
      <Box className="no-print">
        <PageHeader title="Settlements" />
        <Paper component="form" variant="outlined" role="search" aria-label="Settlement week" onSubmit={(e) => e.preventDefault()} sx={{ p: 1.5, mb: 2 }}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '160px minmax(0, 360px)' } }}>
            <PeriodFilter idPrefix="settlement" modes={['year', 'week']} value={search} onChange={setSearch} disabled={!ready} />
          </Box>
        </Paper>
      </Box>
      {ready && !weekId && <Alert severity="info">Choose a work week to see its settlements.</Alert>}
      {ready && weekId && !seesAll && <StatementView weekId={weekId} driverId={null} />}
      {ready && weekId && seesAll && driverId && (
        <StatementView
          key={driverId}
          weekId={weekId}
          driverId={driverId}
          leading={
            <Button component={Link} to={settlementsHref(paths.settlements, { year, weekId, driverId: null })} startIcon={<ArrowBackIcon />} color="inherit" variant="outlined">
              All drivers
            </Button>
          }
        />
      )}
      {ready && weekId && seesAll && !driverId && <WeekView weekId={weekId} canWrite={canWrite} hrefOf={hrefOf} />}
    </>
  );
}
