import { invoiceRoutes, type TInvoiceAdjustment, type TInvoiceComparisonLine, toCents } from '@haulboard/contract';
import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BoardSessionWarning } from '../../components/board-session-warning';
import { DataTable, type TColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { WeekSelect, WorkYearSelect } from '../../components/week-select';
import { callRoute } from '../../lib/api-client';
import { downloadText } from '../../lib/download';
import { formatMoney } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency';
import { failureMessage, notifyFailure, useTextMutation } from '../../lib/mutation';
import { useCan } from '../../lib/permissions';

const comparisonKey = (weekId: number | null) => ['invoice-comparison', weekId] as const;

const signed = (amount: string | null) => (amount === null ? '—' : formatMoney(amount));
const differenceColor = (amount: string) => ((toCents(amount) ?? 0) < 0 ? 'error.main' : (toCents(amount) ?? 0) > 0 ? 'success.main' : undefined);

const allLineColumns: TColumn<TInvoiceComparisonLine>[] = [
  { id: 'loadNumber', header: 'Load number', cell: (l) => l.loadNumber },
  { id: 'invoicePayout', header: 'Invoice', align: 'right', cell: (l) => signed(l.invoicePayout), sortValue: (l) => toCents(l.invoicePayout) },
  { id: 'boardPayout', header: 'Board', align: 'right', cell: (l) => signed(l.boardPayout), sortValue: (l) => toCents(l.boardPayout) },
  {
    id: 'difference',
    header: 'Difference',
    align: 'right',
    cell: (l) => (
      <Box component="span" sx={{ color: differenceColor(l.difference), fontWeight: 500 }}>
        {formatMoney(l.difference)}
      </Box>
    ),
    sortValue: (l) => toCents(l.difference),
  },
  { id: 'note', header: 'Note', cell: (l) => l.note ?? '', sortable: false, hideOnMobile: true },
];

/** A section's columns: a side that is always empty there is left out, so the difference fits on a phone. */
const lineColumns = (without?: 'invoicePayout' | 'boardPayout') => allLineColumns.filter((c) => c.id !== without);

const adjustmentColumns: TColumn<TInvoiceAdjustment>[] = [
  { id: 'itemType', header: 'Item type', cell: (a) => a.itemType.replace(/^ADJUSTMENT - /, '') },
  { id: 'tripId', header: 'Trip / load', cell: (a) => a.loadId || a.tripId },
  { id: 'amount', header: 'Amount', align: 'right', cell: (a) => formatMoney(a.amount), sortValue: (a) => toCents(a.amount) },
  { id: 'comments', header: 'Comments', cell: (a) => a.comments, sortable: false, hideOnMobile: true },
];

function Section<T>({ title, hint, rows, columns, rowKey }: { title: string; hint: string; rows: T[]; columns: TColumn<T>[]; rowKey: (row: T) => string }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2">
        {title} ({rows.length})
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {hint}
      </Typography>
      <DataTable aria-label={title} columns={columns} rows={rows} rowKey={rowKey} emptyText="None" paginateOnlyWhenNeeded maxHeight={360} />
    </Box>
  );
}

function Total({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Card variant="outlined">
        <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h6" component="p" sx={{ color }}>
            {value}
          </Typography>
        </CardContent>
      </Card>
    </Grid>
  );
}

/** Spec §2 accounting/payment-import: upload the board's payment details for a week and read the comparison with the board. */
export function InvoiceImportPage() {
  const canImport = useCan('InvoiceImportPage', 'DenyDelete');
  const [year, setYear] = useState<number>(new Date().getFullYear());
  const [weekId, setWeekId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const queryClient = useQueryClient();
  const comparison = useQuery({
    queryKey: comparisonKey(weekId),
    queryFn: ({ signal }) => callRoute(invoiceRoutes.compareInvoice, { query: { weekId: weekId! }, signal }),
    enabled: weekId !== null,
  });
  const importKey = useIdempotencyKey();
  const boardKey = useIdempotencyKey();
  const importInvoice = useTextMutation<{ weekId: number; file: File }>({
    mutationFn: ({ weekId: id, file: f }, idempotencyKey) => callRoute(invoiceRoutes.importInvoice, { upload: { fields: { WeekId: id }, files: [f] }, idempotencyKey }),
    // One key per chosen file (renewed once it is imported): a doubled Import reads it once.
    idempotency: importKey,
    onSuccess: async () => {
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: comparisonKey(weekId) });
    },
  });
  const fromBoard = useTextMutation<number>({
    mutationFn: (id, idempotencyKey) => callRoute(invoiceRoutes.importInvoiceFromBoard, { body: { weekId: id }, idempotencyKey }),
    idempotency: boardKey,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: comparisonKey(weekId) });
    },
  });
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    if (!weekId) return;
    setExporting(true);
    try {
      const text = await callRoute(invoiceRoutes.compareInvoiceCsv, { query: { weekId } });
      downloadText(text, `invoice-check-${year}-week-${weekId}.csv`);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setExporting(false);
    }
  };
  const c = comparison.data;
  return (
    <>
      <PageHeader
        title="Invoice Import"
        actions={
          c && (
            <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={exportCsv} loading={exporting}>
              Export CSV
            </Button>
          )
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ width: { xs: '100%', sm: 140 } }}>
          <WorkYearSelect
            value={year}
            onChange={(y) => {
              setYear(y);
              setWeekId(null);
              fromBoard.reset();
            }}
          />
        </Box>
        <WeekSelect
          year={year}
          value={weekId}
          onChange={(id) => {
            setWeekId(id);
            fromBoard.reset();
          }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        {canImport && (
          <>
            <Button component="label" variant="outlined" startIcon={<UploadFileOutlinedIcon />} disabled={!weekId} sx={{ flexShrink: 0 }}>
              {file ? 'Change file' : 'Choose file'}
              <input
                hidden
                type="file"
                accept=".csv,.xlsx,.xls,.txt"
                aria-label="Payment details file"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  e.target.value = '';
                }}
              />
            </Button>
            <Button
              variant="contained"
              disabled={!weekId || !file}
              loading={importInvoice.isPending}
              onClick={() => weekId && file && importInvoice.mutate({ weekId, file })}
              sx={{ flexShrink: 0 }}
            >
              Import
            </Button>
            <Button
              variant="outlined"
              startIcon={<CloudDownloadOutlinedIcon />}
              disabled={!weekId}
              loading={fromBoard.isPending}
              onClick={() => weekId && fromBoard.mutate(weekId)}
              sx={{ flexShrink: 0 }}
            >
              Read from board
            </Button>
          </>
        )}
      </Stack>
      <BoardSessionWarning answer={fromBoard.isError ? failureMessage(fromBoard.error) : null} />
      {file && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          File: {file.name}
        </Typography>
      )}
      {!weekId && <Alert severity="info">Choose the work week, then upload the board's payment details (CSV, or the Excel file with its Payment Details sheet), or read them from the board.</Alert>}
      {comparison.isError && <Alert severity="error">{failureMessage(comparison.error)}</Alert>}
      {c && (
        <>
          {c.invoiceLines === 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              No invoice is imported for this week yet: every board load shows as missing in the invoice.
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Pay week {c.payWeekStart} to {c.payWeekEnd} · {c.invoiceLines} invoice lines · {c.matched} loads match
          </Typography>
          <Grid container spacing={1.5} sx={{ mb: 3 }} aria-label="Totals">
            <Total label="Invoice total" value={formatMoney(c.totals.invoice)} />
            <Total label="Board total" value={formatMoney(c.totals.board)} />
            <Total label="Difference" value={formatMoney(c.totals.difference)} color={differenceColor(c.totals.difference)} />
            <Total label="Adjustments" value={formatMoney(c.totals.adjustments)} />
          </Grid>
          <Section
            title="Loads Missing in Invoice"
            hint="On the board this week, not paid by the invoice."
            rows={c.loadsMissingInInvoice}
            columns={lineColumns('invoicePayout')}
            rowKey={(l) => l.loadNumber}
          />
          <Section
            title="Invoiced loads missing in Board"
            hint="Paid by the invoice, with no load of that number on the board."
            rows={c.loadsMissingInBoard}
            columns={lineColumns('boardPayout')}
            rowKey={(l) => l.loadNumber}
          />
          <Section title="Pay differences" hint="On both sides, paid a different amount." rows={c.payDifferences} columns={lineColumns()} rowKey={(l) => l.loadNumber} />
          <Section
            title="Paid next week"
            hint="Last stop after this pay week in Pacific time: due on the next invoice."
            rows={c.paidNextWeek}
            columns={lineColumns('invoicePayout')}
            rowKey={(l) => l.loadNumber}
          />
          <Section
            title="Disputes and adjustments"
            hint="Listed apart; counted in the invoice total only."
            rows={c.adjustments}
            columns={adjustmentColumns}
            rowKey={(a) => `${a.itemType}|${a.tripId}|${a.loadId}|${a.amount}|${a.comments}`}
          />
        </>
      )}
    </>
  );
}
