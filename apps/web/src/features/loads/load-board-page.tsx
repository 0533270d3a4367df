import type { TLoad } from '@haulboard/contract';
import { Alert, Button, useMediaQuery } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useReopenDraft } from '../../lib/form-draft';
import { failureMessage } from '../../lib/mutation';
import { paths } from '../../lib/paths';
import { useCan } from '../../lib/permissions';
import { useWorkWeekList } from './api/board-lookups';
import { useExportLoads } from './api/export-loads';
import { loadsPageQuery, useLoadsPage } from './api/get-loads-page';
import { BoardFilters } from './components/board-filters';
import { BoardHeader } from './components/board-header';
import { DeleteLoadDialog } from './components/delete-load-dialog';
import { LoadCards } from './components/load-cards';
import { LoadDialog, type TLoadDialogTarget } from './components/load-dialog';
import { LoadsTable } from './components/loads-table';
import { boardSearchParams, EMPTY_FILTER } from './lib/board-search';
import { useBoardSearch } from './use-board-search';

/** /app/loadboard/:loadNumber: the board filtered to that load number, opening it when it is the only match. */
export function LoadBoardNumberRedirect() {
  const { loadNumber = '' } = useParams();
  const params = boardSearchParams({ filter: { ...EMPTY_FILTER, loadNumber }, page: 0, pageSize: 100, sortBy: null, sortDir: 'asc', view: null });
  params.set('open', loadNumber);
  return <Navigate to={`${paths.loadBoard}?${params}`} replace />;
}

/**
 * Spec §2 loadboard: filters, table or card view, the running Total, Add Load, edit, duplicate,
 * delete, Print (the weekly print view) and Export (the payout matrix CSV).
 */
export function LoadBoardPage() {
  const board = useBoardSearch();
  const { search } = board;
  const navigate = useNavigate();
  const canEdit = useCan('LoadBoardPage', 'DenyDelete');
  const canDelete = useCan('LoadBoardPage', 'Write');
  const showDriver = useCan('DriverDashboardPage', 'DenyDelete');
  const [dialog, setDialog] = useState<TLoadDialogTarget | null>(null);
  // After signing in again, a load dialog cut off by the session's end opens with what was typed:
  // an edited load is looked up by the load number, then the week, its draft holds.
  const queryClient = useQueryClient();
  useReopenDraft('load', {
    onNew: () => canEdit && setDialog({ mode: 'add', weekId: null, year: null }),
    find: async (id, values) => {
      const typed = (values ?? {}) as { loadNumber?: unknown; weekId?: unknown };
      const filters = [
        { ...EMPTY_FILTER, loadNumber: typeof typed.loadNumber === 'string' ? typed.loadNumber : '' },
        { ...EMPTY_FILTER, weekId: Number(typed.weekId) || null },
      ].filter((f) => f.loadNumber || f.weekId);
      for (const f of filters) {
        const page = await queryClient.fetchQuery(loadsPageQuery({ filter: f, page: 0, pageSize: 1000, sortBy: null, sortDir: 'asc' }));
        const found = page.rows.find((l) => l.loadId === id);
        if (found) return found;
      }
      return null;
    },
    onEdit: (load: TLoad) => setDialog({ mode: canEdit ? 'edit' : 'view', load }),
  });
  const [deleting, setDeleting] = useState<TLoad | null>(null);
  const { exportLoads, isExporting } = useExportLoads();
  const isMobile = useMediaQuery('(max-width:768px)', { noSsr: true });
  const view = search.view ?? (isMobile ? 'cards' : 'table');

  const filter = showDriver ? search.filter : { ...search.filter, driverId: null };
  const loads = useLoadsPage({ filter, page: search.page, pageSize: search.pageSize, sortBy: board.sortBy, sortDir: search.sortDir }, board.ready);
  const rows = loads.data?.rows ?? [];
  const total = loads.data?.total ?? 0;

  // /app/loadboard/:loadNumber opens the load when exactly one matches.
  const { openLoadNumber, clearOpen } = board;
  useEffect(() => {
    if (!openLoadNumber || !loads.isSuccess || loads.isPlaceholderData) return;
    if (loads.data.total === 1 && loads.data.rows[0]) setDialog({ mode: canEdit ? 'edit' : 'view', load: loads.data.rows[0] });
    clearOpen();
  }, [openLoadNumber, loads.isSuccess, loads.isPlaceholderData, loads.data, canEdit, clearOpen]);

  const open = (load: TLoad) => setDialog({ mode: canEdit ? 'edit' : 'view', load });
  // Loads of weeks closed for settlements show a lock and open read-only (the filter's work year).
  const weeks = useWorkWeekList(search.filter.year ?? new Date().getFullYear());
  const closedWeekIds = useMemo(() => new Set((weeks.data ?? []).filter((w) => w.isClosed).map((w) => Number(w.value))), [weeks.data]);
  const actions = { canEdit, canDelete, onOpen: open, onDelete: setDeleting, closedWeekIds };
  // A failed list is not an empty one: the error says so (with Retry) and no empty table or
  // "No loads" suggests the week has none; a failed refresh keeps the rows already shown.
  const failedEmpty = loads.isError && !loads.data;
  const { loadNumber, search: text, weekId, driverId, startDate, endDate } = filter;
  const isFiltered = !!(weekId || loadNumber.trim() || text?.trim() || driverId || startDate || endDate);
  const emptyText = isFiltered ? 'No loads match these filters' : 'No loads yet';
  const printQuery = boardSearchParams({ ...search, filter, page: 0 });

  return (
    <>
      <BoardHeader
        totalPayout={loads.data?.totalPayout}
        loadCount={loads.data?.total}
        failed={loads.isError}
        totalMiles={loads.data?.totalMiles}
        averageRatePerMile={loads.data?.averageRatePerMile}
        view={view}
        onViewChange={board.setView}
        canAdd={canEdit}
        onAdd={() => setDialog({ mode: 'add', weekId: search.filter.weekId, year: search.filter.year })}
        onPrint={() => navigate(`${paths.weeklyPrintView}?${printQuery}`)}
        onExport={() => exportLoads(filter)}
        exporting={isExporting}
      />
      <BoardFilters value={search.filter} showDriver={showDriver} onSearch={(f) => board.applyFilter(f) || loads.refetch()} onClear={board.clearFilter} />
      {loads.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => loads.refetch()} loading={loads.isFetching}>
              Retry
            </Button>
          }
        >
          {failureMessage(loads.error)}
        </Alert>
      )}
      {failedEmpty ? null : view === 'cards' ? (
        <LoadCards
          rows={rows}
          total={total}
          loading={loads.isFetching || !board.ready}
          page={search.page}
          pageSize={search.pageSize}
          onPageChange={board.setPage}
          onPageSizeChange={board.setPageSize}
          sort={board.sort}
          onSortChange={board.setSort}
          emptyText={emptyText}
          {...actions}
        />
      ) : (
        <LoadsTable
          rows={rows}
          total={total}
          loading={loads.isFetching || !board.ready}
          page={search.page}
          pageSize={search.pageSize}
          sort={board.sort}
          onPageChange={board.setPage}
          onPageSizeChange={board.setPageSize}
          onSortChange={board.setSort}
          emptyText={emptyText}
          {...actions}
        />
      )}
      {dialog && <LoadDialog key={dialog.mode === 'add' ? 'add' : dialog.load.loadId} target={dialog} onClose={() => setDialog(null)} />}
      {deleting && <DeleteLoadDialog load={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
