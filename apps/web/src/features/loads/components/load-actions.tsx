import type { TLoad } from '@haulboard/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { IconButton, Stack } from '@mui/material';

export type TLoadActionsProps = {
  load: TLoad;
  /** DenyDelete on LoadBoardPage: edit; otherwise a read-only view. */
  canEdit: boolean;
  /** Write on LoadBoardPage. */
  canDelete: boolean;
  onOpen: (load: TLoad) => void;
  onDelete: (load: TLoad) => void;
  /** Weeks closed for settlements: their loads show a lock and open read-only. */
  closedWeekIds?: ReadonlySet<number>;
};

/**
 * Edit (or view) and delete controls of one load, as decision 001 allows. Native titles rather
 * than MUI tooltips: a page holds up to 1000 of these.
 */
export function LoadActions({ load, canEdit, canDelete, onOpen, onDelete, closedWeekIds }: TLoadActionsProps) {
  const locked = !!closedWeekIds?.has(load.weekId);
  const openLabel = locked ? `View load ${load.loadNumber} (its week is closed for settlements)` : `${canEdit ? 'Edit' : 'View'} load ${load.loadNumber}`;
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      <IconButton size="small" aria-label={openLabel} title={openLabel} onClick={() => onOpen(load)}>
        {locked ? <LockOutlinedIcon fontSize="small" /> : canEdit ? <EditOutlinedIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
      </IconButton>
      {canDelete && !locked && (
        <IconButton
          size="small"
          color="error"
          aria-label={`Delete load ${load.loadNumber}`}
          title={`Delete load ${load.loadNumber}`}
          onClick={() => onDelete(load)}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}
