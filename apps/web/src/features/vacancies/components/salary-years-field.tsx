import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { formatEuro, MAX_TRAINING_YEAR_SALARIES, MONEY_INPUT_MESSAGES, parseEuroInput } from '@matchwerk/shared';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** The amount a row stands for; NaN when it cannot be read (the schema then refuses it). */
function amountOf(text: string): number {
  const parsed = parseEuroInput(text);
  return parsed.ok ? parsed.value : Number.NaN;
}

/** Why a row cannot be read, in German; undefined when it can. */
function problemOf(text: string): string | undefined {
  const parsed = parseEuroInput(text);
  return parsed.ok ? undefined : MONEY_INPUT_MESSAGES[parsed.error];
}

function euroText(value: number): string {
  return Number.isFinite(value) ? formatEuro(value) : '';
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
  // Rows left at least once: their reading problem is shown before the form is submitted.
  const [visited, setVisited] = useState<readonly boolean[]>([]);
  // A new value from outside (form reset): show it, unless it is what the rows already say.
  if (value !== synced) {
    setSynced(value);
    if (!sameNumbers(value, rows.map(amountOf))) {
      setRows(value.map(euroText));
      setVisited([]);
    }
  }
  const emit = (next: string[]) => {
    setRows(next);
    onChange(next.map(amountOf));
  };
  const leave = (index: number) => {
    // A readable amount is shown the way it was understood ("1.250" → "1.250,00 €").
    const amount = amountOf(rows[index] ?? '');
    if (Number.isFinite(amount) && euroText(amount) !== rows[index])
      setRows(rows.map((row, i) => (i === index ? euroText(amount) : row)));
    setVisited((old) => rows.map((_, i) => i === index || Boolean(old[i])));
    onBlur?.();
  };

  return (
    <Box>
      {rows.map((row, index) => {
        const year = String(index + 1);
        // The parser says precisely what is wrong ("1,250": decimals or thousands?); the schema's message is the fallback.
        const problem = visited[index] || errors?.[index] ? problemOf(row) : undefined;
        const error = problem ?? errors?.[index];
        return (
          <Box key={index} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <TextField
              label={t('vacancies.salaryYear', { year })}
              value={row}
              onChange={(event) => emit(rows.map((r, i) => (i === index ? event.target.value : r)))}
              onBlur={() => leave(index)}
              fullWidth
              margin="normal"
              error={Boolean(error)}
              helperText={error ?? t('vacancies.salaryYearHelp')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ maxWidth: 420 }}
            />
            <IconButton
              aria-label={t('vacancies.removeSalaryYear', { year })}
              onClick={() => {
                setVisited(visited.filter((_, i) => i !== index));
                emit(rows.filter((_, i) => i !== index));
              }}
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
