import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'select'
> & {
  name: FieldPath<T>;
  /** The form's control; without it the field uses the surrounding `FormProvider`. */
  control?: Control<T>;
  label: string;
  /** Shown under the field while it has no error. */
  helperText?: ReactNode;
  /** A native `<select>` with `children` as its `<option>`s (light, accessible, good on phones). */
  select?: boolean;
};

/**
 * One labelled MUI text field bound to react-hook-form: value, change, blur, the ref for focusing
 * the first error, and the field's error message instead of the helper text. Forms use this
 * instead of repeating `register` + `error` + `helperText` for every field.
 */
export function FormField<T extends FieldValues>({
  name,
  control,
  helperText,
  select,
  slotProps,
  children,
  ...props
}: FormFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const value: unknown = field.value;
  // Text inputs show '' for none; numbers as typed.
  const shown = typeof value === 'string' || typeof value === 'number' ? value : '';
  return (
    <TextField
      fullWidth
      margin="normal"
      {...props}
      name={field.name}
      value={shown}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={field.disabled ?? props.disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      select={select}
      slotProps={select ? { ...slotProps, select: { native: true }, inputLabel: { shrink: true } } : slotProps}
    >
      {children}
    </TextField>
  );
}
