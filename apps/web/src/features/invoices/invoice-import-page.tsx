import { invoiceRoutes, replyKind, type TInvoiceAdjustment, type TInvoiceComparison, type TInvoiceComparisonLine, type TInvoicePreview, toCents } from '@haulboard/contract';
import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, Grid, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BoardSessionWarning } from '../../components/board-session-warning';
import { DataTable, type TColumn } from '../../components/data-table';
import { ImportHistory } from '../../components/file-import';
import { FileDrop } from '../../components/file-import/file-drop';
import { historyKey } from '../../components/file-import/import-api';
import { ImportPreview } from '../../components/file-import/import-preview';
import { PageHeader } from '../../components/page-header';
import { WeekSelect, WorkYearSelect } from '../../components/week-select';
import { callRoute } from '../../lib/api-client';
import { download } from '../../lib/download';
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

/** A totals line per section: its invoice and board amounts and its part of the difference (they add up to the difference shown). */
function SectionTotals({ c }: { c: TInvoiceComparison }) {
  const columns: TColumn<TInvoiceComparison['sections'][number]>[] = [
    { id: 'label', header: 'Section', cell: (s) => s.label, sortable: false },
    { id: 'lines', header: 'Lines', align: 'right', cell: (s) => s.lines.toLocaleString('en-US'), sortable: false },
    { id: 'invoice', header: 'Invoice', align: 'right', cell: (s) => formatMoney(s.invoice), sortable: false },
    { id: 'board', header: 'Board', align: 'right', cell: (s) => formatMoney(s.board), sortable: false },
    {
      id: 'difference',
      header: 'Difference',
      align: 'right',
      sortable: false,
      cell: (s) => (
        <Box component="span" sx={{ color: differenceColor(s.difference), fontWeight: 500 }}>
          {formatMoney(s.difference)}
        </Box>
      ),
    },
  ];
  const total = { key: 'total', label: 'Total', lines: c.sections.reduce((n, s) => n + s.lines, 0), invoice: c.totals.invoice, board: c.totals.board, difference: c.totals.difference };
  return (
    <Box component="section" aria-label="Totals by section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2">
        Totals by section
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Each invoice line and each board load of the week is in one section: the sections' differences add up to the difference.
      </Typography>
      <DataTable
        aria-label="Totals by section"
        columns={columns}
        rows={[...c.sections, total as TInvoiceComparison['sections'][number]]}
        rowKey={(s) => s.key}
        emptyText="None"
        paginateOnlyWhenNeeded
      />
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
  const canUndo = useCan('InvoiceImportPage', 'Write');
  const [preview, setPreview] = useState<TInvoicePreview | null>(null);
  const [acceptDates, setAcceptDates] = useState(false);
  const queryClient = useQueryClient();
  const comparison = useQuery({
    queryKey: comparisonKey(weekId),
    queryFn: ({ signal }) => callRoute(invoiceRoutes.compareInvoice, { query: { weekId: weekId! }, signal }),
    enabled: weekId !== null,
  });
  const boardKey = useIdempotencyKey();
  const refreshComparison = () => queryClient.invalidateQueries({ queryKey: ['invoice-comparison'] });
  const closePreview = () => {
    setPreview(null);
    setAcceptDates(false);
  };
  // Nothing is saved: the file's new, duplicate and refused lines, and its dates against the week's pay period.
  const read = useMutation<TInvoicePreview, unknown, { weekId: number; file: File }>({
    mutationFn: ({ weekId: id, file }) => callRoute(invoiceRoutes.previewInvoice, { upload: { fields: { WeekId: id }, files: [file] } }),
    onSuccess: (answer) => {
      setAcceptDates(false);
      setPreview(answer);
    },
    onError: (error) => notifyFailure(error),
  });
  // One key per previewed file: a doubled Confirm imports it once.
  const confirmKey = useIdempotencyKey(!!preview);
  const confirm = useTextMutation<{ previewId: string; acceptDates: string[] }>({
    mutationFn: (body, idempotencyKey) => callRoute(invoiceRoutes.confirmInvoice, { body, idempotencyKey }),
    idempotency: confirmKey,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: historyKey('invoice') }), refreshComparison()]);
    },
  });
  const save = () =>
    preview &&
    confirm.mutate(
      { previewId: preview.previewId, acceptDates: acceptDates ? preview.outsideDates : [] },
      { onSuccess: (text) => replyKind(text) !== 'error' && closePreview() },
    );
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
      download(text, `invoice-check-${year}-week-${weekId}.csv`);
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
              closePreview();
              fromBoard.reset();
            }}
          />
        </Box>
        <WeekSelect
          year={year}
          value={weekId}
          onChange={(id) => {
            setWeekId(id);
            closePreview();
            fromBoard.reset();
          }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        {canImport && (
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
        )}
      </Stack>
      <BoardSessionWarning answer={fromBoard.isError ? failureMessage(fromBoard.error) : null} />
      {canImport && weekId !== null && !preview && (
        <Box sx={{ mb: 2 }}>
          <FileDrop
            onFile={(file) => read.mutate({ weekId, file })}
            busy={read.isPending}
            hint="The load board's payment details (its Payment Details sheet) for the chosen week."
          />
        </Box>
      )}
      {preview && (
        <ImportPreview
          kind="invoice"
          preview={preview}
          busy={read.isPending}
          confirming={confirm.isPending}
          onRemap={() => undefined}
          onMapUnits={() => undefined}
          onReplace={() => undefined}
          onCancel={closePreview}
          onConfirm={save}
          confirmBlocked={preview.wrongWeek || (preview.datesQuestion !== null && !acceptDates)}
        >
          {preview.datesQuestion !== null && !preview.wrongWeek && (
            <Alert severity="warning" sx={{ mb: 1.5 }} aria-label="Pay period">
              {preview.datesQuestion}
              <FormControlLabel
                sx={{ display: 'flex', mt: 0.5 }}
                control={<Checkbox checked={acceptDates} onChange={(e) => setAcceptDates(e.target.checked)} />}
                label="Import these dates for this week"
              />
            </Alert>
          )}
        </ImportPreview>
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
          <SectionTotals c={c} />
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
            title="Payments of other weeks' loads"
            hint="Paid by this invoice for loads the board holds in other work weeks: each counts in full in the difference."
            rows={c.otherWeeks}
            columns={lineColumns('boardPayout')}
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
      {canImport && <ImportHistory kind="invoice" canUndo={canUndo} onUndone={refreshComparison} />}
    </>
  );
}
