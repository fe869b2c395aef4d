import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** One choice of a FilterSelect. */
export interface FilterOption<V> {
  label: string;
  value: V;
}

/** Props of FilterSelect. */
export interface FilterSelectProps<V> {
  /** Visible label, e.g. "Status" (this and the other texts translated by the caller). */
  label: string;
  /** What "no filter" reads, e.g. "All statuses". */
  allLabel: string;
  options: FilterOption<V>[];
  /** The chosen value; undefined: not filtered. */
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}

/**
 * A small select that filters an admin table by one server argument (issue 14: transaction status
 * and type, premium users); "All" clears it. Values are matched by position, so booleans work too.
 */
export function FilterSelect<V>({ label, allLabel, options, value, onChange }: FilterSelectProps<V>) {
  const index = options.findIndex((option) => option.value === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={index < 0 ? 'all' : String(index)}
      onChange={(event) =>
        onChange(event.target.value === 'all' ? undefined : options[Number(event.target.value)]?.value)
      }
      sx={{ minWidth: 170 }}
    >
      <MenuItem value="all">{allLabel}</MenuItem>
      {options.map((option, i) => (
        <MenuItem key={option.label} value={String(i)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
