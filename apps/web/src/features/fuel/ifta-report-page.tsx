import type { TIftaReportRow } from '@haulboard/contract';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { Alert, AlertTitle, Box, Button, GlobalStyles, LinearProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { failureMessage } from '../../lib/mutation';
import { useIftaReport, useIftaReportSummary } from './api/get-ifta-report';
import { PeriodFilters } from './components/period-filters';
import { ReportFilters } from './components/report-filters';
import { ReportTable } from './components/report-table';
import { ReturnWorksheet } from './components/return-worksheet';
import { TotalsCards } from './components/totals-cards';
import { iftaReportFilter } from './lib/period-search';
import { usePeriodSearch } from './use-period-search';

/** Letter paper; the shell, the filters and the buttons are not printed, and the sections are black on white. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { size: 'letter', margin: '0.5in' },
      '@media print': {
        'html, body, #root': { background: '#fff !important', color: '#000 !important' },
        'header.MuiAppBar-root, nav, .MuiDrawer-root, .MuiDrawer-docked, .no-print, .Toastify': { display: 'none !important' },
        'main > .MuiToolbar-root': { display: 'none !important' },
        main: { padding: '0 !important', margin: '0 !important' },
        '.ifta-report *': { color: '#000 !important', borderColor: '#999 !important', background: 'transparent !important', boxShadow: 'none !important' },
        '.ifta-unit': { breakInside: 'avoid' },
      },
    }}
  />
);

/** The report's rows per unit, in the order the server sorted them (unit, then state). */
export function groupByUnit(rows: TIftaReportRow[]): [string, TIftaReportRow[]][] {
  const units = new Map<string, TIftaReportRow[]>();
  for (const r of rows) {
    const unit = r.unitNumber ?? '';
    units.set(unit, [...(units.get(unit) ?? []), r]);
  }
  return [...units.entries()];
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} className={className} sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Spec §2 accounting/ifta-report: Totals (gallons, miles, MPG), a Summary Report by state and one section per unit, with the checks. */
export function IftaReportPage() {
  const { search, update } = usePeriodSearch();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'return' ? 'return' : 'report';
  const setView = (next: string) => {
    const query = new URLSearchParams(params);
    if (next === 'return') query.set('view', 'return');
    else query.delete('view');
    setParams(query, { replace: true });
  };
  return (
    <Box className="ifta-report">
      {printStyles}
      <PageHeader title="IFTA report" />
      <Tabs value={view} onChange={(_, v) => setView(v)} aria-label="IFTA report views" className="no-print" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="report" label="Report" />
        <Tab value="return" label="Return worksheet" />
      </Tabs>
      {view === 'report' ? (
        <IftaReportView />
      ) : (
        <>
          <PeriodFilters label="Return worksheet filters" value={search} onChange={update} withWeek={false} />
          <ReturnWorksheet year={search.year} quarter={search.quarter} />
        </>
      )}
    </Box>
  );
}

/** The spec's report: filters, totals, checks, the summary by state and one section per unit. */
function IftaReportView() {
  const { search, update } = usePeriodSearch();
  const filter = iftaReportFilter(search);
  const report = useIftaReport(filter);
  const summary = useIftaReportSummary(filter);
  const error = report.error ?? summary.error;
  const units = groupByUnit(report.data?.unitReports ?? []);

  return (
    <>
      <Box className="no-print" sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1, mb: 1 }}>
        <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()} disabled={!report.data}>
          Print
        </Button>
      </Box>
      <ReportFilters value={search} onChange={update} />
      {(report.isFetching || summary.isFetching) && <LinearProgress aria-label="Loading the report" sx={{ mb: 1 }} className="no-print" />}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(error)}
        </Alert>
      )}
      {report.data && (
        <>
          <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 1.5 }} role="status">
            {report.data.period}
          </Typography>
          <TotalsCards report={report.data} />
          {report.data.checks.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }} aria-label="Checks">
              <AlertTitle>Check before filing</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {report.data.checks.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </Box>
            </Alert>
          )}
        </>
      )}
      {summary.data && (
        <Section title="Summary Report">
          <ReportTable label="Summary Report" rows={summary.data.unitReports} />
        </Section>
      )}
      {units.map(([unit, rows]) => (
        <Section key={unit} title={`Unit ${unit}`} className="ifta-unit">
          <ReportTable label={`Unit ${unit}`} rows={rows} />
        </Section>
      ))}
    </>
  );
}
