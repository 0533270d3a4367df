import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { Button, Stack, TextField } from '@mui/material';

/** An end date before the start date: the search waits until it is fixed. */
export const isBadRange = (startDate: string, endDate: string) => !!startDate && !!endDate && endDate < startDate;

type TDateRangeFieldsProps = {
  startDate: string;
  endDate: string;
  onStartChange: (value: string) => void;
  onEndChange: (value: string) => void;
};

/** Start and end date inputs of a search form ('YYYY-MM-DD'), the end refused before the start. */
export function DateRangeFields({ startDate, endDate, onStartChange, onEndChange }: TDateRangeFieldsProps) {
  const badRange = isBadRange(startDate, endDate);
  return (
    <>
      <TextField
        label="Start date"
        type="date"
        size="small"
        value={startDate}
        onChange={(e) => onStartChange(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="End date"
        type="date"
        size="small"
        value={endDate}
        onChange={(e) => onEndChange(e.target.value)}
        error={badRange}
        helperText={badRange ? 'Before the start date' : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: startDate || undefined } }}
      />
    </>
  );
}

/** The Search (submit) and Clear buttons of a search form. */
export function SearchClearButtons({ disabled, onClear }: { disabled: boolean; onClear: () => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={disabled} sx={{ flex: 1 }}>
        Search
      </Button>
      <Button type="button" variant="outlined" color="inherit" startIcon={<ClearIcon />} onClick={onClear} sx={{ flex: 1 }}>
        Clear
      </Button>
    </Stack>
  );
}
