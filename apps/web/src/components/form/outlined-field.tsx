import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type AriaRole, type ReactNode } from 'react';

export interface OutlinedFieldProps extends Omit<
  OutlinedInputProps,
  'label' | 'error' | 'size' | 'fullWidth' | 'margin' | 'sx'
> {
  label: string;
  helperText?: ReactNode;
  /** E.g. `alert` to announce a refusal once. */
  helperRole?: AriaRole;
  error?: boolean;
  size?: FormControlProps['size'];
  fullWidth?: boolean;
  margin?: FormControlProps['margin'];
  /** Styles the whole field (label, input and helper text), as on MUI's TextField. */
  sx?: FormControlProps['sx'];
}

/**
 * MUI's outlined TextField, put together from its parts: the same markup, labels and helper text,
 * without TextField's static import of Select → Menu → Popover → Modal, which screens with a
 * search box or a send box but no menu would load before their first paint (ADR 0082).
 */
export function OutlinedField({
  label,
  helperText,
  helperRole,
  error,
  size,
  fullWidth,
  margin,
  sx,
  id: givenId,
  ...inputProps
}: OutlinedFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const helperId = `${id}-helper`;

  return (
    <FormControl variant="outlined" error={Boolean(error)} size={size} fullWidth={fullWidth} margin={margin} sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        {...inputProps}
        inputProps={{ ...inputProps.inputProps, 'aria-describedby': helperText ? helperId : undefined }}
      />
      {helperText && (
        <FormHelperText id={helperId} role={helperRole}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
