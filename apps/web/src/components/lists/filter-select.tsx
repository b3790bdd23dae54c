import TextField from '@mui/material/TextField';

export interface FilterSelectOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly FilterSelectOption[];
  /** The first option's text, standing for "no filter" (value ''). */
  anyLabel: string;
}

/**
 * One filter of a list's filter bar: a native select (fast with the keyboard and on phones),
 * full width on phones.
 */
export function FilterSelect({ label, value, onChange, options, anyLabel }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: { xs: '100%', sm: 170 } }}
    >
      <option value="">{anyLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
