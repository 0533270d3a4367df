import {
  csvText,
  LOAD_IMPORT_TEXT,
  loadImportRoutes,
  type TColumnMapping,
  type TCsvCell,
  type TImportedLoad,
  type TImportLoadRow,
  type TLoadImport,
  type TLoadsMappingStep,
  type TTripsSource,
} from '@haulboard/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import { Alert, Box, Button, Chip, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BoardSessionWarning, isBoardAnswer } from '../../components/board-session-warning';
import { DataTable, type TColumn } from '../../components/data-table';
import { ColumnMapping, SavedPresets } from '../../components/file-import';
import { PageHeader } from '../../components/page-header';
import { WeekSelect, WorkYearSelect } from '../../components/week-select';
import { callRoute } from '../../lib/api-client';
import { download } from '../../lib/download';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency';
import { failureMessage, notifyFailure, useTextMutation } from '../../lib/mutation';
import { useCan } from '../../lib/permissions';
import { cityState } from '../../lib/us-states';
import { useBrokerList, useCompanyDrivers, useLoadStatuses, useStates } from './api/board-lookups';
import { ImportChoices } from './components/import-choices';
import { LoadDialog } from './components/load-dialog';
import { choicesOf, NO_PICKS, needsBroker, needsDriver, type TImportPicks, unmatchedOf, unresolvedOf } from './lib/import-choices';
import { importedLoadFrom, importedLoadValuesOf, toLoadBody } from './lib/load-form';

const place = (city: string, stateName: string) => (city || stateName ? cityState(city, stateName) : '—');

function columns(actions?: TColumn<TImportedLoad>): TColumn<TImportedLoad>[] {
  return [
    ...(actions ? [actions] : []),
    {
      id: 'loadNumber',
      header: 'Load',
      width: 150,
      cell: (l) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{l.loadNumber}</span>
          {l.note && (
            <Tooltip title={l.note}>
              <WarningAmberOutlinedIcon fontSize="small" color="warning" aria-label={l.note} />
            </Tooltip>
          )}
          {l.loadId === 0 && needsBroker(l) && <Chip size="small" color="warning" variant="outlined" label="Needs a broker" />}
          {l.loadId === 0 && needsDriver(l) && <Chip size="small" color="warning" variant="outlined" label="Needs a driver" />}
        </Stack>
      ),
    },
    {
      id: 'broker',
      header: 'Broker',
      cell: (l) => l.brokerName || (l.brokerRead ? `“${l.brokerRead}” (not found)` : '—'),
      sortValue: (l) => l.brokerName || l.brokerRead,
      hideBelow: 1440,
    },
    { id: 'loadStartDate', header: 'Start', cell: (l) => formatDateTime(l.loadStartDate), hideOnMobile: true },
    { id: 'loadEndDate', header: 'End', cell: (l) => formatDateTime(l.loadEndDate), hideBelow: 1440 },
    { id: 'origin', header: 'Origin', cell: (l) => place(l.originCity, l.originStateName), sortValue: (l) => l.originCity, hideOnMobile: true },
    { id: 'destination', header: 'Destination', cell: (l) => place(l.destinationCity, l.destinationStateName), sortValue: (l) => l.destinationCity, hideOnMobile: true },
    { id: 'tripLength', header: 'Miles', align: 'right', cell: (l) => l.tripLength.toLocaleString('en-US'), hideOnMobile: true },
    { id: 'numberOfStops', header: 'Stops', align: 'right', cell: (l) => l.numberOfStops, hideBelow: 1440 },
    { id: 'pricePerMile', header: 'Rate/mi', align: 'right', cell: (l) => formatMoney(l.pricePerMile), hideBelow: 1440 },
    { id: 'payout', header: 'Payout', align: 'right', cell: (l) => formatMoney(l.payout) },
    {
      id: 'loadDriverNames',
      header: 'Driver',
      cell: (l) => l.loadDriverNames || (l.driverMatch === 'none' ? `“${l.driverRead}” (not found)` : '—'),
      hideBelow: 1440,
    },
    { id: 'boardStatus', header: 'Board status', cell: (l) => l.boardStatus, hideBelow: 1440 },
  ];
}

/** Both lists as one CSV (Export Loads). */
function loadsCsv(newLoads: TImportedLoad[], existingLoads: TImportedLoad[]): string {
  const header = ['List', 'Load Number', 'Trip ID', 'Start', 'End', 'Origin', 'Destination', 'Miles', 'Stops', 'Rate Per Mile', 'Payout', 'Drivers', 'Board Status', 'Note'];
  const row = (list: string, l: TImportedLoad): TCsvCell[] => [
    list,
    l.loadNumber,
    l.tripId,
    l.loadStartDate,
    l.loadEndDate,
    place(l.originCity, l.originStateName),
    place(l.destinationCity, l.destinationStateName),
    l.tripLength,
    l.numberOfStops,
    { decimal: l.pricePerMile.toFixed(2) },
    { decimal: l.payout.toFixed(2) },
    l.loadDriverNames,
    l.boardStatus,
    l.note ?? '',
  ];
  const rows = [header, ...newLoads.map((l) => row('New', l)), ...existingLoads.map((l) => row('Existing', l))];
  return csvText(rows);
}

/** The row SaveImportedLoads takes for a load as listed: a broker not found goes by the name the file gave, with the choice for it. */
const bodyOf = (l: TImportedLoad): TImportLoadRow => ({
  ...(toLoadBody(importedLoadValuesOf(l), { loadId: 0, updatedOn: null }) as TImportLoadRow),
  brokerId: l.brokerId || null,
  brokerRead: l.brokerRead,
  driverRead: l.driverRead,
  loadStartDate: l.loadStartDate,
  loadEndDate: l.loadEndDate,
});

/** Spec §2 accounting/load-import: a week's trips from the board, new loads edited or removed here, then imported in one go. */
export function LoadImportPage() {
  const canImport = useCan('LoadImportPage', 'DenyDelete');
  const canDeletePresets = useCan('LoadImportPage', 'Write');
  const [year, setYear] = useState<number>(new Date().getFullYear());
  const [weekId, setWeekId] = useState<number | null>(null);
  const [source, setSource] = useState<TTripsSource>('board');
  const [result, setResult] = useState<TLoadImport | null>(null);
  const [newLoads, setNewLoads] = useState<TImportedLoad[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The brokers and drivers chosen for the names the file gave that matched none. */
  const [picks, setPicks] = useState<TImportPicks>(NO_PICKS);
  /** What the last save said it did (imported, created, skipped, refused). */
  const [saved, setSaved] = useState<string | null>(null);
  const canCreateBroker = useCan('BrokerAdmin', 'DenyDelete');
  /** A file whose columns must be mapped: the file, its header and the mapping applied last. */
  const [mappingStep, setMappingStep] = useState<{ file: File; step: TLoadsMappingStep; mapping: TColumnMapping | null } | null>(null);
  const queryClient = useQueryClient();
  const states = useStates();
  const drivers = useCompanyDrivers();
  const statuses = useLoadStatuses();
  const brokers = useBrokerList();
  const names = useMemo(() => {
    const map = (list?: { label: string; value: unknown }[]) => new Map((list ?? []).map((o) => [Number(o.value), o.label]));
    return {
      states: map(states.data),
      drivers: new Map((drivers.data ?? []).map((d) => [Number(d.value), d.label.replace(/^.+? - /, '')])),
      statuses: map(statuses.data),
      brokers: map(brokers.data),
    };
  }, [states.data, drivers.data, statuses.data, brokers.data]);

  const show = (answer: TLoadImport) => {
    setMappingStep(null);
    setResult(answer);
    setNewLoads(answer.newLoads);
    setPicks(NO_PICKS);
    setError(null);
  };
  const unmatched = useMemo(() => unmatchedOf(newLoads), [newLoads]);
  const unresolved = useMemo(() => unresolvedOf(newLoads, picks), [newLoads, picks]);
  const waiting = new Set(unresolved.map((u) => u.replace(/ needs a (broker|driver)$/, ''))).size;
  const search = useMutation({
    mutationFn: ({ id, from }: { id: number; from: TTripsSource }) => callRoute(loadImportRoutes.getLoadImport, { query: { id, source: from } }),
    onSuccess: show,
    onError: (e) => {
      setResult(null);
      setNewLoads([]);
      setError(failureMessage(e));
    },
  });
  const upload = useMutation({
    mutationFn: ({ id, file, mapping }: { id: number; file: File; mapping?: TColumnMapping }) =>
      callRoute(loadImportRoutes.uploadTrips, { upload: { fields: { WeekId: id, mapping: mapping ? JSON.stringify(mapping) : undefined }, files: [file] } }),
    onSuccess: (answer, { file, mapping }) => {
      if (answer.mappingStep) {
        // Not the board's trips export, nor a sheet of a saved mapping: map its columns first.
        setMappingStep({ file, step: answer.mappingStep, mapping: mapping ?? null });
        setResult(null);
        setNewLoads([]);
        return;
      }
      setMappingStep(null);
      setSource('file');
      show(answer);
    },
    onError: notifyFailure,
  });
  const saveKey = useIdempotencyKey();
  const save = useTextMutation<TImportedLoad[]>({
    mutationFn: (list, idempotencyKey) =>
      callRoute(loadImportRoutes.saveImportedLoads, {
        body: {
          loads: list.map(bodyOf),
          ...choicesOf(list, picks),
          skipped: (result?.skipped ?? []).map((r) => `${r.loadNumber}: ${r.reason}`),
          refused: result?.problems ?? [],
        },
        idempotencyKey,
      }),
    // A doubled Save adds the new loads once; the key is renewed once they are saved.
    idempotency: saveKey,
    onSuccess: async (text) => {
      setSaved(text.replace(/^INFO /, ''));
      await queryClient.invalidateQueries();
      if (weekId) search.mutate({ id: weekId, from: source });
    },
  });
  const busy = search.isPending || upload.isPending || save.isPending;

  const actions: TColumn<TImportedLoad> | undefined = canImport
    ? {
        id: 'actions',
        header: 'Actions',
        sortable: false,
        width: 96,
        cell: (l) => {
          const index = newLoads.indexOf(l);
          return (
            <Stack direction="row" spacing={0.5}>
              <Tooltip title={`Edit ${l.loadNumber}`}>
                <IconButton size="small" aria-label={`Edit ${l.loadNumber}`} onClick={() => setEditing(index)}>
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={`Remove ${l.loadNumber} from this import`}>
                <IconButton size="small" aria-label={`Remove ${l.loadNumber}`} onClick={() => setNewLoads((list) => list.filter((_, i) => i !== index))}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        },
      }
    : undefined;
  const editingLoad = editing === null ? null : newLoads[editing];

  return (
    <>
      <PageHeader
        title="Load Import"
        actions={
          result && (
            <>
              <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={() => download(loadsCsv(newLoads, result.existingLoads), `loads-${year}-week-${weekId}.csv`)}>
                Export Loads
              </Button>
              {canImport && (
                <Tooltip title={unresolved.length ? 'Choose a broker or driver for every load first' : ''}>
                  <span>
                    <Button variant="contained" disabled={!newLoads.length || busy || unresolved.length > 0} loading={save.isPending} onClick={() => save.mutate(newLoads)}>
                      Import Loads
                    </Button>
                  </span>
                </Tooltip>
              )}
            </>
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
            }}
          />
        </Box>
        <WeekSelect year={year} value={weekId} onChange={setWeekId} sx={{ width: { xs: '100%', sm: 320 } }} />
        <TextField
          select
          size="small"
          label="Read from"
          value={source}
          onChange={(e) => setSource(e.target.value as TTripsSource)}
          sx={{ width: { xs: '100%', sm: 170 }, flexShrink: 0 }}
        >
          <MenuItem value="board">The board, live</MenuItem>
          <MenuItem value="file">Uploaded file</MenuItem>
        </TextField>
        <Button variant="contained" startIcon={<SearchIcon />} disabled={!weekId || busy}
          loading={search.isPending}
          onClick={() => {
            setSaved(null);
            if (weekId) search.mutate({ id: weekId, from: source });
          }}
          sx={{ flexShrink: 0 }}
        >
          Search
        </Button>
        {canImport && (
          <Button component="label" variant="outlined" startIcon={<UploadFileOutlinedIcon />} disabled={!weekId || busy} loading={upload.isPending} sx={{ flexShrink: 0 }}>
            Upload trips or loads file
            <input
              hidden
              type="file"
              accept=".csv,.xlsx,.xls,.txt"
              aria-label="Trips file or loads spreadsheet"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                setSaved(null);
                if (file && weekId) upload.mutate({ id: weekId, file });
              }}
            />
          </Button>
        )}
      </Stack>
      {canImport && !mappingStep && <SavedPresets kind="loads" canDelete={canDeletePresets} />}
      {!weekId && (
        <Alert severity="info" sx={{ mt: 1 }}>
          Choose the work week, then Search, or upload the board's trips export (TRIPS.csv) or your own loads spreadsheet for it.
        </Alert>
      )}
      {mappingStep && (
        <Box component="section" aria-label={`Column mapping for ${mappingStep.file.name}`} sx={{ my: 2 }}>
          <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              Map the columns of {mappingStep.file.name}
            </Typography>
            <Button color="inherit" onClick={() => setMappingStep(null)}>
              Cancel
            </Button>
          </Stack>
          <Alert severity="info" sx={{ mb: 2 }}>
            {LOAD_IMPORT_TEXT.mapColumns}
          </Alert>
          <ColumnMapping
            key={mappingStep.file.name}
            kind="loads"
            preview={{ ...mappingStep.step, mapping: mappingStep.mapping }}
            busy={busy}
            onApply={(mapping) => weekId && upload.mutate({ id: weekId, file: mappingStep.file, mapping })}
          />
        </Box>
      )}
      <BoardSessionWarning answer={error} />
      {error && !isBoardAnswer(error) && (
        <Alert severity={error === LOAD_IMPORT_TEXT.noTrips.replace(/^ERROR /, '') ? 'info' : 'error'} sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {result && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            From {result.source}
          </Typography>
          {saved && (
            <Alert severity="success" role="status" aria-label="Import result" onClose={() => setSaved(null)} sx={{ mb: 2 }}>
              {saved}
            </Alert>
          )}
          {result.problems.length > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }} aria-label="Refused rows">
              {result.problems.length === 1 ? '1 row refused: it could not be read' : `${result.problems.length} rows refused: they could not be read`}
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {result.problems.slice(0, 20).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </Box>
            </Alert>
          )}
          {result.skipped.length > 0 && (
            <Alert severity="info" sx={{ mb: 2 }} aria-label="Skipped rows">
              {result.skipped.length === 1 ? '1 row skipped: outside the week' : `${result.skipped.length} rows skipped: outside the week`}
              <Box component="ul" sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere' }}>
                {result.skipped.slice(0, 20).map((r) => (
                  <li key={r.loadNumber}>
                    {r.loadNumber}: {r.reason}
                  </li>
                ))}
                {result.skipped.length > 20 && <li>and {result.skipped.length - 20} more</li>}
              </Box>
            </Alert>
          )}
          {canImport && (
            <ImportChoices
              unmatched={unmatched}
              picks={picks}
              onPick={setPicks}
              brokers={brokers.data}
              drivers={drivers.data}
              states={states.data}
              canCreateBroker={canCreateBroker}
              waiting={waiting}
            />
          )}
          <Box component="section" aria-label="New Loads" sx={{ mb: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              New Loads ({newLoads.length})
            </Typography>
            <DataTable aria-label="New Loads" columns={columns(actions)} rows={newLoads} rowKey={(l) => l.loadNumber} emptyText="No new loads" paginateOnlyWhenNeeded maxHeight={420} />
          </Box>
          <Box component="section" aria-label="Existing Loads">
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Existing Loads ({result.existingLoads.length})
            </Typography>
            <DataTable
              aria-label="Existing Loads"
              columns={columns()}
              rows={result.existingLoads}
              rowKey={(l) => l.loadNumber}
              emptyText="None of this week's trips is on the board yet"
              paginateOnlyWhenNeeded
              maxHeight={420}
            />
          </Box>
        </>
      )}
      {editingLoad && editing !== null && (
        <LoadDialog
          key={editingLoad.loadNumber}
          target={{
            mode: 'import',
            load: editingLoad,
            onSave: (body) => setNewLoads((list) => list.map((l, i) => (i === editing ? importedLoadFrom(l, body, names) : l))),
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
