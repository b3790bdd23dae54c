import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { officialOccupation, TRAINING_OCCUPATIONS } from '@matchwerk/shared';
import { useController } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n';
import type { VacancyFormValues } from '../../lib/vacancy-form-values';

// Substring matching ("mechatron" finds every Mechatroniker), at most 50 shown while typing.
const filter = createFilterOptions<string>({ limit: 50 });

/**
 * "Ausbildungsberuf" (issue #48): chosen from the recognised occupations (BIBB list in
 * `@matchwerk/shared`), which the statistics group by. A text not on the list stays possible
 * but is named "anderer Beruf" under the field, so nobody types a list name by hand without
 * noticing; leaving the field puts a list name typed in other case or umlaut spelling into
 * the official spelling.
 */
export function OccupationField() {
  const { t } = useTranslation();
  const { field, fieldState } = useController<VacancyFormValues, 'trainingOccupationName'>({
    name: 'trainingOccupationName',
  });
  const value = typeof field.value === 'string' ? field.value : '';
  const official = officialOccupation(value);
  const helper =
    value.trim() === ''
      ? t('vacancies.trainingOccupationHelp')
      : official
        ? t('vacancies.trainingOccupationOfficial')
        : t('vacancies.trainingOccupationOther');
  return (
    <Autocomplete
      freeSolo
      autoHighlight={false}
      options={TRAINING_OCCUPATIONS}
      filterOptions={filter}
      inputValue={value}
      onInputChange={(_event, next) => field.onChange(next)}
      onChange={(_event, next) => field.onChange(typeof next === 'string' ? next : '')}
      onBlur={() => {
        if (official && official !== value) field.onChange(official);
        field.onBlur();
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          name={field.name}
          label={t('vacancies.trainingOccupationName')}
          margin="normal"
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helper}
        />
      )}
    />
  );
}
