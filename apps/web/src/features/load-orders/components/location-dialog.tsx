import { MSG, type TCity, type TLocation } from '@haulboard/contract';
import { Autocomplete, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { MIN_CITY_LETTERS, useCitySearch } from '../../../lib/search-cities';

/** The contract's limit on destinations and excluded destinations. */
export const MAX_LOCATIONS = 20;

type TLocationDialogProps = {
  /** 'Origin', 'Destinations', … : the dialog's title. */
  title: string;
  /** Spec §2: single-selection locations allow one entry, multiple-selection locations many. */
  multiple: boolean;
  /** The origin must have its city; destinations may be left empty (anywhere). */
  required: boolean;
  value: TLocation[];
  onClose: () => void;
  onDone: (locations: TLocation[]) => void;
};

const toLocation = (c: TCity): TLocation => ({ label: c.label, latitude: c.latitude, longitude: c.longitude });

/**
 * Spec §2 relay/search-dashboard location dialog: a city search (GET /api/LoadOrder/GetCities as the
 * user types) and the cities chosen so far. In a single-selection dialog a new city replaces the
 * chosen one; in a multiple-selection dialog it is added.
 */
export function LocationDialog({ title, multiple, required, value, onClose, onDone }: TLocationDialogProps) {
  const id = useId();
  const [chosen, setChosen] = useState<TLocation[]>(value);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { cities, loading } = useCitySearch(text);
  const full = multiple && chosen.length >= MAX_LOCATIONS;

  const add = (city: TCity | null) => {
    if (!city) return;
    const location = toLocation(city);
    setChosen((list) => (multiple ? (list.some((l) => l.label === location.label) ? list : [...list, location]) : [location]));
    setText('');
    setError(null);
  };
  const done = () => {
    // Spec §5: the city search's searchValue is required, with the spec's message word for word.
    if (required && !chosen.length) return setError(MSG.brokerName);
    onDone(chosen);
  };
  const helper = full
    ? `At most ${MAX_LOCATIONS} cities`
    : multiple
      ? 'Add as many cities as you need'
      : 'One city: choosing another replaces it';

  return (
    <Dialog
      open
      fullWidth
      maxWidth="xs"
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent dividers>
        <Autocomplete<TCity, false, false, false>
          options={cities}
          value={null}
          inputValue={text}
          onInputChange={(_event, next, reason) => reason !== 'reset' && setText(next)}
          onChange={(_event, city) => add(city)}
          filterOptions={(options) => options}
          getOptionLabel={(c) => c.label}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          autoHighlight
          disabled={full}
          loading={loading}
          noOptionsText={text.replace(/[^\p{L}]/gu, '').length < MIN_CITY_LETTERS ? `Type at least ${MIN_CITY_LETTERS} letters` : 'No city found'}
          renderInput={(params) => (
            <TextField
              {...params}
              label="City"
              required={required}
              autoFocus
              error={!!error}
              helperText={error ?? helper}
              onKeyDown={(event) => {
                // Enter picks the highlighted city; it must not submit the order form behind.
                if (event.key === 'Enter') event.stopPropagation();
              }}
            />
          )}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2, minHeight: 32 }}>
          {chosen.length ? (
            chosen.map((l) => (
              <Chip key={l.label} label={l.label} onDelete={() => setChosen((list) => list.filter((x) => x.label !== l.label))} />
            ))
          ) : (
            <Typography variant="body2" color="text.secondary">
              {required ? 'No city chosen yet' : 'None: any city'}
            </Typography>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button onClick={done} variant="contained">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
