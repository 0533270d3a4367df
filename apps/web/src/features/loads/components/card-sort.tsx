import { MenuItem, TextField } from '@mui/material';
import type { TSort } from '../../../components/data-table';

/** The orders the card view offers (the table sorts by its headers); 'default' is the server's default. */
const OPTIONS: { value: string; label: string }[] = [
  { value: 'default', label: 'Newest start first' },
  { value: 'loadStartDate.asc', label: 'Oldest start first' },
  { value: 'loadNumber.asc', label: 'Load number' },
  { value: 'payout.desc', label: 'Highest payout' },
  { value: 'payout.asc', label: 'Lowest payout' },
  { value: 'pricePerMile.desc', label: 'Highest price per mile' },
  { value: 'tripLength.desc', label: 'Longest trip' },
  { value: 'loadStatusName.asc', label: 'Status' },
];

/** Sorting for the card view, on the server like the table's. */
export function CardSort({ sort, onChange }: { sort: TSort; onChange: (sort: TSort) => void }) {
  const value = sort ? `${sort.id}.${sort.desc ? 'desc' : 'asc'}` : 'default';
  const known = OPTIONS.some((o) => o.value === value);
  return (
    <TextField
      select
      size="small"
      label="Sort cards by"
      value={known ? value : 'default'}
      onChange={(e) => {
        const [id, dir] = e.target.value.split('.');
        onChange(id && id !== 'default' ? { id, desc: dir === 'desc' } : null);
      }}
      sx={{ minWidth: 220, width: { xs: '100%', sm: 'auto' } }}
    >
      {OPTIONS.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
