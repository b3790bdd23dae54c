import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import { DATE_FORMAT } from '@matchwerk/shared';
import type { Dayjs } from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { dayjs } from '../../lib/dayjs';

const ISO_DATE = 'YYYY-MM-DD';
const INVALID = 'ungültig';
const germanTexts = deDE.components.MuiLocalizationProvider.defaultProps.localeText;

export interface FormDateFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  control?: Control<T>;
  label: string;
  helperText?: ReactNode;
  required?: boolean;
}

/**
 * A German date field bound to react-hook-form: MUI X's DatePicker with dayjs in German, so it
 * shows TT.MM.JJJJ, German month names and Monday first whatever the browser's language. The
 * form holds 'YYYY-MM-DD' (the API's format) or '' for none.
 */
export function FormDateField<T extends FieldValues>({
  name,
  control,
  label,
  helperText,
  required,
}: FormDateFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const raw: unknown = field.value;
  const text = typeof raw === 'string' ? raw : '';
  // A date being typed (incomplete or impossible, e.g. 31.02.) stays in the field as typed; the
  // form holds INVALID for it, which the schema refuses with its German message.
  const [typing, setTyping] = useState<Dayjs | null>(null);
  // One object per stored date: the calendar jumps back to the value's month whenever it gets a
  // new value object, so a fresh one on every render would undo the user's month switching.
  const stored = useMemo(() => (text && text !== INVALID ? dayjs(text) : null), [text]);
  const value = text === INVALID ? typing : stored;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={germanTexts}>
      <DatePicker
        label={label}
        format={DATE_FORMAT}
        value={value}
        inputRef={field.ref}
        onChange={(next) => {
          setTyping(next && !next.isValid() ? next : null);
          if (!next) field.onChange('');
          else field.onChange(next.isValid() ? next.format(ISO_DATE) : INVALID);
        }}
        onClose={field.onBlur}
        slotProps={{
          textField: {
            name: field.name,
            fullWidth: true,
            margin: 'normal',
            required,
            onBlur: field.onBlur,
            error: Boolean(fieldState.error),
            helperText: fieldState.error?.message ?? helperText,
          },
        }}
      />
    </LocalizationProvider>
  );
}
