import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { Alert, Box, Button, CircularProgress, Paper, Stack, ThemeProvider } from '@mui/material';
import { Link, useSearchParams } from 'react-router';
import { PaperPrintStyles, paperTheme } from '../../components/paper-print';
import { formatDateTime } from '../../lib/format';
import { failureMessage } from '../../lib/mutation';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { useCan } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { useCompanyDrivers, useWorkWeekList } from './api/board-lookups';
import { useFilteredLoads } from './api/get-filtered-loads';
import { WeeklyReportSheet } from './components/weekly-report-sheet';
import { boardSearchParams, EMPTY_FILTER, parseBoardSearch } from './lib/board-search';
import { readWeek } from './lib/lookup-labels';
import { reportPeriod } from './lib/report-period';
import { buildWeeklyReport } from './lib/weekly-report';
import { useDefaultFilter } from './use-board-search';


/**
 * /app/accounting/weekly-printview (spec §2, reached from Print): the board's filtered loads as a
 * printable weekly report, grouped by driver with subtotals and a grand total.
 */
export function WeeklyPrintPage() {
  const [params] = useSearchParams();
  const search = parseBoardSearch(params);
  // Opened without a filter (a bookmark, say): this week, as the board would show, never every load.
  const defaults = useDefaultFilter();
  const asked = search.isDefault ? (defaults ?? EMPTY_FILTER) : search.filter;
  const showDriver = useCan('DriverDashboardPage', 'DenyDelete');
  const filter = showDriver ? asked : { ...asked, driverId: null };
  const { data: user } = useSession();
  const loads = useFilteredLoads(filter, !search.isDefault || !!defaults);
  const drivers = useCompanyDrivers();
  const weeks = useWorkWeekList(filter.weekId ? filter.year : null);

  const weekItem = weeks.data?.find((w) => w.value === filter.weekId);
  const period = reportPeriod(filter, weekItem ? readWeek(weekItem) : null);
  const driverName = filter.driverId ? drivers.data?.find((d) => d.value === filter.driverId)?.label : null;
  const notes = [
    ...(driverName ? [`Driver: ${driverName}`] : []),
    ...(filter.loadNumber && !period.name.startsWith('Load') ? [`Load number contains "${filter.loadNumber}"`] : []),
    `Printed ${formatDateTime(new Date())}`,
  ];
  // The saved PDF takes its name from the title: the company, year and week, not "Haulboard.pdf".
  usePageTitle(user?.company, period.name, 'Weekly load report');
  const backTo = `${paths.loadBoard}?${boardSearchParams({ ...search, filter: asked, page: 0 })}`;

  return (
    <>
      <PaperPrintStyles paper="weekly-report-paper" sheet="weekly-report" />
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} className="no-print">
        <Button component={Link} to={backTo} startIcon={<ArrowBackIcon />} color="inherit" variant="outlined">
          Back to the board
        </Button>
        <Button variant="contained" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()} disabled={!loads.data}>
          Print
        </Button>
      </Stack>
      {loads.isError && (
        <Alert severity="error" className="no-print">
          {failureMessage(loads.error)}
        </Alert>
      )}
      {loads.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading the report" />
        </Box>
      ) : (
        loads.data && (
          <ThemeProvider theme={paperTheme}>
            {/* The sheet reflows to its width (a container query), so a phone shows all of it without a scroll box. */}
            <Paper
              className="weekly-report-paper"
              variant="outlined"
              sx={{
                bgcolor: '#fff',
                color: '#000',
                p: { xs: 1.5, sm: 4 },
                maxWidth: '8.5in',
                mx: 'auto',
                containerType: 'inline-size',
                containerName: 'weekly-report',
              }}
            >
              <WeeklyReportSheet
                company={user?.company ?? ''}
                title="Weekly load report"
                period={period.name}
                dates={period.dates}
                notes={notes}
                report={buildWeeklyReport(loads.data, drivers.data ?? [])}
              />
            </Paper>
          </ThemeProvider>
        )
      )}
    </>
  );
}
