import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { OutlinedField } from './outlined-field';
import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';

export interface FormTextFieldProps {
  label: string;
  name: string;
  inputRef?: Ref<HTMLInputElement | HTMLSelectElement>;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;
  type?: string;
  /** For controlled use (e.g. a select that saves on change); forms use `register` instead. */
  value?: string;
  autoComplete?: string;
  error?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  /** Renders a native `<select>` with `children` as its options (accessible, light, good on phones). */
  select?: boolean;
  children?: ReactNode;
}

/**
 * An outlined, labelled input or native select for forms, built from MUI's parts (see
 * OutlinedField): no Select → Menu → Popover → Modal in the bundles of screens without a menu.
 */
export function FormTextField({
  label,
  helperText,
  error,
  endAdornment,
  select,
  children,
  ...inputProps
}: FormTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;

  if (!select) {
    return (
      <OutlinedField
        label={label}
        helperText={helperText}
        error={error}
        fullWidth
        margin="normal"
        endAdornment={endAdornment}
        {...inputProps}
      />
    );
  }
  return (
    <FormControl fullWidth margin="normal" variant="outlined" error={Boolean(error)}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        {...inputProps}
        input={<OutlinedInput label={label} notched />}
        inputProps={{ 'aria-describedby': helperText ? helperId : undefined }}
      >
        {children}
      </NativeSelect>
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
