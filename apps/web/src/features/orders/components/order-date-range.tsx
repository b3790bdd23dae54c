import Box from '@mui/material/Box';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import { DATE_FORMAT } from '@matchwerk/shared';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { dayjs } from '../../../lib/dayjs';

const pickerTexts = deDE.components.MuiLocalizationProvider.defaultProps.localeText;
const ISO_DAY = 'YYYY-MM-DD';

const toDay = (value: string) => (value ? dayjs(value) : null);

export interface OrderDateRangeProps {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}

/**
 * Order date from/to (TT.MM.JJJJ, German pickers). A complete, valid date or an emptied field
 * goes to the URL at once; while a date is half typed or the range is backwards, the list
 * keeps its filter and the field says why.
 */
export function OrderDateRange({ from, to, onChange }: OrderDateRangeProps) {
  const [values, setValues] = useState<{ from: Dayjs | null; to: Dayjs | null }>({ from: toDay(from), to: toDay(to) });
  const [error, setError] = useState<{ from?: string; to?: string }>({});

  const change = (key: 'from' | 'to', value: Dayjs | null) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (value !== null && !value.isValid()) {
      setError({ [key]: 'Bitte geben Sie ein gültiges Datum ein (TT.MM.JJJJ).' });
      return;
    }
    const range = {
      from: next.from?.isValid() ? next.from.format(ISO_DAY) : '',
      to: next.to?.isValid() ? next.to.format(ISO_DAY) : '',
    };
    if (range.from && range.to && range.from > range.to) {
      setError({ to: 'Das Ende des Zeitraums darf nicht vor dem Beginn liegen.' });
      return;
    }
    setError({});
    onChange(range);
  };

  const field = (key: 'from' | 'to', label: string) => (
    <DatePicker
      label={label}
      value={values[key]}
      onChange={(value) => change(key, value)}
      format={DATE_FORMAT}
      slotProps={{
        textField: {
          size: 'small',
          name: key,
          error: Boolean(error[key]),
          helperText: error[key],
          sx: { width: { xs: '100%', sm: 180 } },
        },
        field: { clearable: true },
      }}
    />
  );

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={pickerTexts}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, width: { xs: '100%', sm: 'auto' } }}>
        {field('from', 'Bestellt von')}
        {field('to', 'Bestellt bis')}
      </Box>
    </LocalizationProvider>
  );
}
