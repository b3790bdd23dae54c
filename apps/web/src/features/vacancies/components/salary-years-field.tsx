import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { MAX_TRAINING_YEAR_SALARIES } from '@matchwerk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "1.234,50" or "1234.5" → 1234.5; empty or unreadable → NaN (the schema says what is wrong). */
export function parseEuro(text: string): number {
  const cleaned = text.replace(/[€\s]/g, '');
  if (!cleaned) return Number.NaN;
  const normalised = cleaned.includes(',') ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned;
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

function euroText(value: number): string {
  return Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

export interface SalaryYearsFieldProps {
  value: readonly number[];
  onChange: (value: number[]) => void;
  onBlur?: () => void;
  /** Message per row. */
  errors?: readonly (string | undefined)[];
}

/** Monthly salary per training year: add and remove rows, at most four (spec §9). */
export function SalaryYearsField({ value, onChange, onBlur, errors }: SalaryYearsFieldProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<string[]>(() => value.map(euroText));
  const [synced, setSynced] = useState(value);
  // A new value from outside (form reset): show it, unless it is what the rows already say.
  if (value !== synced) {
    setSynced(value);
    if (!sameNumbers(value, rows.map(parseEuro))) setRows(value.map(euroText));
  }
  const emit = (next: string[]) => {
    setRows(next);
    onChange(next.map(parseEuro));
  };

  return (
    <Box>
      {rows.map((row, index) => {
        const year = String(index + 1);
        const error = errors?.[index];
        return (
          <Box key={index} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <TextField
              label={t('vacancies.salaryYear', { year })}
              value={row}
              onChange={(event) => emit(rows.map((r, i) => (i === index ? event.target.value : r)))}
              onBlur={onBlur}
              fullWidth
              margin="normal"
              error={Boolean(error)}
              helperText={error}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
              }}
              sx={{ maxWidth: 420 }}
            />
            <IconButton
              aria-label={t('vacancies.removeSalaryYear', { year })}
              onClick={() => emit(rows.filter((_, i) => i !== index))}
              sx={{ mt: 3 }}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Box>
        );
      })}
      <Button
        startIcon={<AddIcon />}
        onClick={() => emit([...rows, ''])}
        disabled={rows.length >= MAX_TRAINING_YEAR_SALARIES}
        sx={{ mt: 1 }}
      >
        {t('vacancies.addSalaryYear')}
      </Button>
    </Box>
  );
}
