import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import {
  DATE_FORMAT,
  REGION_LABELS,
  STATISTICS_PERIOD_PRESET_LABELS,
  STATISTICS_PERIOD_PRESETS,
  type Region,
  type StatisticsPeriodPreset,
} from '@matchwerk/shared';
import type { Dayjs } from 'dayjs';
import { useState, type FormEvent } from 'react';
import { FilterSelect } from '../lists/filter-select';
import { dayjs } from '../../lib/dayjs';
import { validatePeriod, type StatisticsViewParams } from '../../lib/statistics-params';

const pickerTexts = deDE.components.MuiLocalizationProvider.defaultProps.localeText;
const ISO_DAY = 'YYYY-MM-DD';

export interface PeriodFilterProps {
  view: StatisticsViewParams;
  /** The period the figures cover (for a new custom range, the start values of its fields). */
  shownPeriod: { from: string; to: string } | null;
  selectableRegions: readonly Region[];
  onChange: (view: StatisticsViewParams) => void;
}

const toDay = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid() ? dayjs(value) : null);
/** '' for an empty field, 'invalid' for an incomplete or impossible date (the schema explains). */
const fromDay = (value: Dayjs | null) => (value === null ? '' : value.isValid() ? value.format(ISO_DAY) : 'invalid');

/**
 * Period (presets or a custom range typed as TT.MM.JJJJ) and region of the dashboard. A custom
 * range is checked with the API's own rules before it is asked for; the messages stand next to
 * the fields. German picker texts and Monday-first weeks whatever the browser's language.
 */
export function PeriodFilter({ view, shownPeriod, selectableRegions, onChange }: PeriodFilterProps) {
  const [custom, setCustom] = useState(view.preset === 'CUSTOM');
  const [from, setFrom] = useState<Dayjs | null>(toDay(view.from || shownPeriod?.from || ''));
  const [to, setTo] = useState<Dayjs | null>(toDay(view.to || shownPeriod?.to || ''));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const showCustom = custom || view.preset === 'CUSTOM';

  // A link with an invalid range (edited by hand) shows why next to the fields.
  const urlErrors =
    view.preset === 'CUSTOM'
      ? (() => {
          const result = validatePeriod({ from: view.from, to: view.to });
          return result.ok ? {} : result.errors;
        })()
      : {};
  const shownErrors = { from: errors.from ?? urlErrors.from, to: errors.to ?? urlErrors.to };

  const choosePreset = (value: string) => {
    const preset = value as StatisticsPeriodPreset;
    setErrors({});
    if (preset === 'CUSTOM') {
      setCustom(true);
      return;
    }
    setCustom(false);
    onChange({ ...view, preset, from: '', to: '' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validatePeriod({ from: fromDay(from), to: fromDay(to) });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onChange({ ...view, preset: 'CUSTOM', from: result.period.from, to: result.period.to });
  };

  const dateField = (
    label: string,
    value: Dayjs | null,
    setValue: (value: Dayjs | null) => void,
    error: string | undefined,
    name: string,
  ) => (
    <DatePicker
      label={label}
      value={value}
      onChange={(next) => {
        setValue(next);
        setErrors({});
      }}
      format={DATE_FORMAT}
      slotProps={{
        textField: {
          size: 'small',
          error: Boolean(error),
          helperText: error,
          name,
          sx: { width: { xs: '100%', sm: 200 } },
        },
        field: { clearable: true },
      }}
    />
  );

  return (
    <Paper variant="outlined" className="no-print" sx={{ p: 2, mb: 2 }}>
      <Box
        component="form"
        role="search"
        aria-label="Zeitraum und Region"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <PresetSelect value={showCustom ? 'CUSTOM' : view.preset} onChange={choosePreset} />
        {showCustom && (
          <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={pickerTexts}>
            {dateField('Von', from, setFrom, shownErrors.from, 'from')}
            {dateField('Bis', to, setTo, shownErrors.to, 'to')}
            <Button type="submit" variant="contained" sx={{ width: { xs: '100%', sm: 'auto' } }}>
              Zeitraum anzeigen
            </Button>
          </LocalizationProvider>
        )}
        {selectableRegions.length > 1 && (
          <FilterSelect
            label="Region"
            value={view.region}
            onChange={(value) => onChange({ ...view, region: value as Region | '' })}
            options={selectableRegions.map((region) => ({ value: region, label: REGION_LABELS[region] }))}
            anyLabel="Alle Regionen"
          />
        )}
      </Box>
    </Paper>
  );
}

/** The period choice: a native select like the filters (a period is always chosen, so no "any"). */
function PresetSelect({ value, onChange }: { value: StatisticsPeriodPreset; onChange: (value: string) => void }) {
  return (
    <TextField
      select
      size="small"
      label="Zeitraum"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: { xs: '100%', sm: 200 } }}
    >
      {STATISTICS_PERIOD_PRESETS.map((preset) => (
        <option key={preset} value={preset}>
          {STATISTICS_PERIOD_PRESET_LABELS[preset]}
        </option>
      ))}
    </TextField>
  );
}
