import { type TTextLimit, textLimitsOf } from '@haulboard/contract';
import { FormControl, FormControlLabel, FormLabel, InputAdornment, MenuItem, Radio, RadioGroup, type SxProps, TextField, type TextFieldProps, type Theme } from '@mui/material';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The form fields of the dialogs, bound to react-hook-form by `control` and `name`. Each shows its
 * field's error message in place of its helper text; `helperText` is what shows without an error
 * (' ' keeps the line, so a message does not move the fields below).
 */
type TBound<T extends FieldValues, N extends FieldPath<T>, C, O> = { control: Control<T, C, O>; name: N };

type TTextProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'select' | 'children'> & {
  /** The helper text is a warning (amber, announced), not a hint. */
  warning?: boolean;
  /** The most characters the field takes, when the form's schema (FormLimits) does not say. */
  maxLength?: number;
};

const warningHelper = { formHelperText: { sx: { color: 'warning.main' }, role: 'status' } };

const TextLimits = createContext<Record<string, TTextLimit>>({});

/**
 * The text limits of a form's schema for the fields inside (issue #8): a text over its limit says so
 * ('At most 100 characters') as the person types, not only after they leave the field, and nothing
 * is cut. FormDialog provides it from its `schema`.
 */
export function FormLimits({ schema, children }: { schema: z.ZodType | undefined; children: ReactNode }) {
  const limits = useMemo(() => (schema ? textLimitsOf(schema) : {}), [schema]);
  return <TextLimits.Provider value={limits}>{children}</TextLimits.Provider>;
}

/** From this share of the limit on, a long text field (names, cities, comments) counts its characters. */
const COUNT_FROM = 0.9;
const COUNTED_FROM_MAX = 100;
const isBlank = (text: ReactNode) => text === undefined || text === null || text === '' || text === ' ';

/** A text field; a null value shows as empty. Over its text limit it says so at once. */
export function FormTextField<T extends FieldValues, N extends FieldPath<T>, C, O>({ control, name, helperText, warning, maxLength, slotProps, ...props }: TBound<T, N, C, O> & TTextProps) {
  const { field, fieldState } = useController({ control, name });
  const schemaLimit = useContext(TextLimits)[name];
  const limit = maxLength ? { max: maxLength, message: `At most ${maxLength} characters` } : schemaLimit;
  // The schemas trim before they count.
  const length = typeof field.value === 'string' ? field.value.trim().length : 0;
  const tooLong = limit && length > limit.max ? limit.message : undefined;
  const error = fieldState.error?.message ?? tooLong;
  const counter = limit && !error && limit.max >= COUNTED_FROM_MAX && length >= limit.max * COUNT_FROM && isBlank(helperText) ? `${length} / ${limit.max}` : null;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!error}
      helperText={error ?? counter ?? helperText}
      slotProps={warning && helperText && !error ? { ...slotProps, ...warningHelper } : slotProps}
    />
  );
}

/** A date ('YYYY-MM-DD') or, with `withTime`, a local date and time field; its label stays above the field. */
export function FormDateField<T extends FieldValues, N extends FieldPath<T>, C, O>({ withTime, slotProps, ...props }: TBound<T, N, C, O> & Omit<TTextProps, 'type'> & { withTime?: boolean }) {
  return <FormTextField {...props} type={withTime ? 'datetime-local' : 'date'} slotProps={{ ...slotProps, inputLabel: { shrink: true } }} />;
}

/** A number field (miles, a rate, an amount): `prefix` ('$') before it, `unit` ('mi') after it. The form's schema reads the number. */
export function FormNumberField<T extends FieldValues, N extends FieldPath<T>, C, O>({
  prefix,
  unit,
  inputMode,
  slotProps,
  ...props
}: TBound<T, N, C, O> & TTextProps & { prefix?: ReactNode; unit?: ReactNode; inputMode?: 'decimal' | 'numeric' }) {
  const adornments = {
    ...(prefix ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> } : {}),
    ...(unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {}),
  };
  const htmlInput = slotProps && 'htmlInput' in slotProps && typeof slotProps.htmlInput === 'object' ? slotProps.htmlInput : {};
  return <FormTextField {...props} slotProps={{ ...slotProps, input: adornments, htmlInput: { ...(inputMode ? { inputMode } : {}), ...htmlInput } }} />;
}

/** A lookup's item; a boolean value is offered as its text ('true'). */
export type TSelectItem = { value: string | number | boolean; label: ReactNode };

/** A boolean is offered to the menu as its text. */
const menuValue = (value: TSelectItem['value']) => (typeof value === 'boolean' ? String(value) : value);

/**
 * A select of `items` (ids from a lookup, or fixed choices); the form gets the chosen item's own
 * value (a number, a text or a boolean). A value the items do not hold (yet) shows as blank;
 * `emptyLabel` offers "nothing chosen" ('').
 */
export function FormSelect<T extends FieldValues, N extends FieldPath<T>, C, O>({
  control,
  name,
  items,
  emptyLabel,
  tallMenu,
  helperText,
  slotProps,
  ...props
}: TBound<T, N, C, O> &
  Omit<TTextProps, 'warning'> & {
    items: readonly TSelectItem[] | undefined;
    emptyLabel?: string;
    /** A long list scrolls in a menu 360px high. */
    tallMenu?: boolean;
  }) {
  const { field, fieldState } = useController({ control, name });
  const chosen = (items ?? []).find((i) => i.value === field.value);
  const select = {
    ...(emptyLabel === undefined ? {} : { displayEmpty: true }),
    ...(tallMenu ? { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } : {}),
  };
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={chosen ? menuValue(chosen.value) : ''}
      onChange={(event) => field.onChange((items ?? []).find((i) => menuValue(i.value) === event.target.value)?.value ?? '')}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{ ...slotProps, select, ...(emptyLabel === undefined ? {} : { inputLabel: { shrink: true } }) }}
    >
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {(items ?? []).map((i) => (
        <MenuItem key={String(i.value)} value={menuValue(i.value)}>
          {i.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A yes / no choice of a boolean field as a row of radio buttons (a missing value reads as yes). */
export function FormRadioGroup<T extends FieldValues, N extends FieldPath<T>, C, O>({
  control,
  name,
  label,
  id,
  options = [
    { value: true, label: 'Yes' },
    { value: false, label: 'No' },
  ],
  sx,
}: TBound<T, N, C, O> & { label: string; id: string; options?: readonly { value: boolean; label: string }[]; sx?: SxProps<Theme> }) {
  const { field } = useController({ control, name });
  return (
    <FormControl sx={sx}>
      <FormLabel id={`${id}-label`}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={`${id}-label`} name={field.name} value={field.value === false ? 'false' : 'true'} onChange={(event) => field.onChange(event.target.value === 'true')} onBlur={field.onBlur}>
        {options.map((o) => (
          <FormControlLabel key={String(o.value)} value={String(o.value)} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
