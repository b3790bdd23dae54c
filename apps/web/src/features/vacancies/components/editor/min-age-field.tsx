import TextField from '@mui/material/TextField';
import {
  defaultMinAgeOf,
  POSTING_MIN_AGE_MAX,
  POSTING_MIN_AGE_MIN,
  POSTING_TYPE_LABELS,
  type PostingType,
} from '@matchwerk/shared';
import { useController } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n';
import { useVacancyForm } from './editor-form';

const AGES = Array.from({ length: POSTING_MIN_AGE_MAX - POSTING_MIN_AGE_MIN + 1 }, (_, i) => POSTING_MIN_AGE_MIN + i);

/**
 * "Mindestalter" (ADR 0096): empty = the type's default by youth employment law, shown in the
 * first option; younger candidates do not see the posting. A native select: light and accessible.
 */
export function MinAgeField({ type }: { type: PostingType }) {
  const { t } = useTranslation();
  const { control } = useVacancyForm();
  const { field, fieldState } = useController({ control, name: 'minAge' });
  const value: unknown = field.value;
  const fallback = defaultMinAgeOf(type);
  return (
    <TextField
      select
      fullWidth
      margin="normal"
      name={field.name}
      label={t('vacancies.minAge')}
      value={typeof value === 'number' ? String(value) : ''}
      onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? t('vacancies.minAgeHelp')}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">
        {t('vacancies.minAgeDefault', { age: String(fallback), postingType: POSTING_TYPE_LABELS[type] })}
      </option>
      {AGES.map((age) => (
        <option key={age} value={String(age)}>
          {t('vacancies.minAgeYears', { age: String(age) })}
        </option>
      ))}
    </TextField>
  );
}
