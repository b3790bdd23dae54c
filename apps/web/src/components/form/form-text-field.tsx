import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
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
 * An outlined, labelled input built from MUI's parts. MUI's TextField statically imports
 * Select → Menu → Popover → Modal; this keeps those out of the bundles of screens without a menu.
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
  const describedBy = helperText ? helperId : undefined;

  return (
    <FormControl fullWidth margin="normal" variant="outlined" error={Boolean(error)}>
      <InputLabel htmlFor={id} shrink={select ? true : undefined}>
        {label}
      </InputLabel>
      {select ? (
        <NativeSelect
          id={id}
          {...inputProps}
          input={<OutlinedInput label={label} notched />}
          inputProps={{ 'aria-describedby': describedBy }}
        >
          {children}
        </NativeSelect>
      ) : (
        <OutlinedInput
          id={id}
          label={label}
          {...inputProps}
          endAdornment={endAdornment}
          inputProps={{ 'aria-describedby': describedBy }}
        />
      )}
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
