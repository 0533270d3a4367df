import { checkUploadFile, IFTA_RATES_FILES, IFTA_RETURN_TEXT, replyText, SAMPLE_RATES_FILE_NAME, sampleRateMatrixCsv, usDate } from '@haulboard/contract';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, AlertTitle, Box, Button, LinearProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { download } from '../../../lib/download';
import { useReopenDraft } from '../../../lib/form-draft';
import { formatMoney } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { failureMessage } from '../../../lib/mutation';
import { useCan } from '../../../lib/permissions';
import { useDownloadIftaReturn, useIftaReturn, useUploadIftaRates } from '../api/ifta-return';
import { formatQuantity, formatWhole } from '../lib/quantity';
import { ReturnSettingsDialog } from './return-settings-dialog';
import { ReturnTable } from './return-table';

type TProps = { year: number; quarter: number | null };

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.25, sm: 2 } }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600, fontSize: { xs: '1.05rem', sm: '1.35rem' } }}>
        {value}
      </Typography>
    </Paper>
  );
}

/** domain-notes §1: the quarter's return worksheet, the matrix upload, the rounding settings and the downloads. */
export function ReturnWorksheet({ year, quarter }: TProps) {
  const worksheet = useIftaReturn({ year, quarter });
  const canWrite = useCan('IftaReportPage', 'Write');
  // One key per chosen file: a retried upload of the same file saves the rates once.
  const upload = useUploadIftaRates({ idempotency: useIdempotencyKey() });
  const downloadReturn = useDownloadIftaReturn();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // After signing in again, settings cut off by the session's end open with what was typed.
  useReopenDraft('return-settings', { onNew: () => canWrite && setSettingsOpen(true) });
  const r = worksheet.data;
  const q = quarter ? { year, quarter } : null;

  const chooseFile = (file: File | undefined) => {
    if (!file || !q) return;
    const refusal = checkUploadFile(IFTA_RATES_FILES, file);
    if (refusal) toast.error(replyText(refusal));
    else upload.mutate({ ...q, file });
  };

  return (
    <Box component="section" aria-label="Return worksheet">
      <Stack direction="row" className="no-print" sx={{ mb: 2, gap: 1, flexWrap: 'wrap' }}>
        {canWrite && (
          <Button component="label" variant="contained" startIcon={<UploadFileOutlinedIcon />} disabled={!q} loading={upload.isPending}>
            Upload rate matrix
            <input hidden type="file" accept={IFTA_RATES_FILES.accept.join(',')} aria-label="Tax-rate matrix file" onChange={(e) => {
              chooseFile(e.target.files?.[0]);
              e.target.value = '';
            }} />
          </Button>
        )}
        <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} disabled={!r} loading={downloadReturn.isPending && downloadReturn.variables?.format === 'csv'} onClick={() => q && downloadReturn.mutate({ format: 'csv', q })}>
          Export CSV
        </Button>
        <Button variant="outlined" startIcon={<PictureAsPdfOutlinedIcon />} disabled={!r} loading={downloadReturn.isPending && downloadReturn.variables?.format === 'pdf'} onClick={() => q && downloadReturn.mutate({ format: 'pdf', q })}>
          Worksheet PDF
        </Button>
        {canWrite && r && (
          <Button variant="text" startIcon={<SettingsOutlinedIcon />} onClick={() => setSettingsOpen(true)}>
            Rounding
          </Button>
        )}
      </Stack>
      {!q && <Alert severity="info">Choose a quarter: the return is filed per quarter.</Alert>}
      {worksheet.isFetching && <LinearProgress aria-label="Loading the worksheet" sx={{ mb: 1 }} className="no-print" />}
      {worksheet.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failureMessage(worksheet.error)}
        </Alert>
      )}
      {r && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} role="status">
            {r.licensee}
            {r.iftaAccountNumber ? ` · IFTA account ${r.iftaAccountNumber}` : ''} · {r.period} · {r.fuelType} · due {usDate(r.dueDate)}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' }, mb: 2 }} aria-label="Return totals" component="section">
            <Figure label="Total miles" value={formatWhole(r.totalMiles)} />
            <Figure label="Total gallons" value={formatQuantity(r.totalGallons)} />
            <Figure label="Fleet MPG" value={r.fleetMpg ?? '—'} />
            <Figure label={r.grandTotal?.startsWith('-') ? 'Refund' : 'Balance due'} value={r.grandTotal === null ? '—' : formatMoney(r.grandTotal.replace(/^-/, ''))} />
          </Box>
          {r.checks.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }} aria-label="Return checks">
              <AlertTitle>Check before filing</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {r.checks.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </Box>
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, mb: 2 }}>
            <ReturnTable r={r} />
          </Paper>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {r.rates
              ? `Rates: ${r.rates.fileName}${r.rates.isSample ? ' (SAMPLE, not real rates)' : ''}, ${r.rates.jurisdictions} jurisdictions, uploaded ${usDate(r.rates.uploadedOn.slice(0, 10))}${r.rates.uploadedBy ? ` by ${r.rates.uploadedBy}` : ''}. Source: IFTA, Inc.`
              : 'No rate matrix for this quarter yet.'}{' '}
            Download the quarter's CSV from iftach.org (Tax Matrix) and upload it here.{' '}
            <Link component="button" type="button" variant="body2" onClick={() => download(sampleRateMatrixCsv(), SAMPLE_RATES_FILE_NAME)} className="no-print">
              Sample matrix (not real rates)
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Figures assume the return is filed on time: interest, the late penalty (the greater of $50 or 10 % of net tax) and credits from earlier quarters are not included. {IFTA_RETURN_TEXT.outOfScope}
          </Typography>
          {settingsOpen && <ReturnSettingsDialog open value={r.settings} onClose={() => setSettingsOpen(false)} />}
        </>
      )}
    </Box>
  );
}
