import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { Alert, Box, Button, CircularProgress, Paper, Stack, ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { PaperPrintStyles, paperTheme } from '../../../components/paper-print';
import { failureMessage } from '../../../lib/mutation';
import { useDownloadStatementPdf, useStatement } from '../api/settlements';
import { StatementSheet } from './statement-sheet';


type TStatementViewProps = {
  weekId: number;
  /** null: the signed-in driver's own statement. */
  driverId: number | null;
  /** Buttons shown before Download PDF and Print (Back to the week). */
  leading?: ReactNode;
};

/** One driver's statement for a week: Download PDF, Print, and the printable sheet. */
export function StatementView({ weekId, driverId, leading }: TStatementViewProps) {
  const statement = useStatement(weekId, driverId, true);
  // Only this week's statement: never another week's number or figures while this one loads.
  const shown = statement.data?.week.weekId === weekId ? statement.data : undefined;
  const download = useDownloadStatementPdf();
  return (
    <>
      <PaperPrintStyles paper="settlement-paper" sheet="settlement-statement" />
      <Stack direction="row" spacing={1} useFlexGap className="no-print" sx={{ mb: 2, flexWrap: 'wrap' }}>
        {leading}
        <Button
          variant="contained"
          startIcon={<DownloadOutlinedIcon />}
          onClick={() => download.mutate({ weekId, driverId })}
          loading={download.isPending}
          disabled={!shown}
        >
          Download PDF
        </Button>
        <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()} disabled={!shown}>
          Print
        </Button>
      </Stack>
      {statement.isError && (
        <Alert severity="error" className="no-print" sx={{ mb: 2 }}>
          {failureMessage(statement.error)}
        </Alert>
      )}
      {!shown && !statement.isError ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress aria-label="Loading the statement" />
        </Box>
      ) : (
        shown && (
          <ThemeProvider theme={paperTheme}>
            {/* The sheet reflows to its own width (a container query), so a phone shows all of it without a scroll box. */}
            <Paper
              className="settlement-paper"
              variant="outlined"
              sx={{ bgcolor: '#fff', color: '#000', p: { xs: 1.5, sm: 4 }, maxWidth: '8.5in', mx: 'auto', containerType: 'inline-size', containerName: 'settlement-statement' }}
            >
              <StatementSheet statement={shown} />
            </Paper>
          </ThemeProvider>
        )
      )}
    </>
  );
}
