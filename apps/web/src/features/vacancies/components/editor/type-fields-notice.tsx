import Alert from '@mui/material/Alert';
import {
  formatEuro,
  POSTING_TYPE_LABELS,
  TYPE_DEPENDENT_FIELD_LABELS,
  fieldsNotUsedFor,
  type TypeDependentField,
} from '@matchwerk/shared';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n';
import { formatDate } from '../../../../lib/dayjs';
import type { VacancyFormValues } from '../../lib/vacancy-form-values';
import { useVacancyForm } from './editor-form';

function shownValue(values: Partial<VacancyFormValues>, field: TypeDependentField): string {
  switch (field) {
    case 'compensation.salaryPerTrainingYear':
      return (values.compensation?.salaryPerTrainingYear ?? []).map((amount) => formatEuro(amount)).join(', ');
    case 'startOfTraining':
      return formatDate(values.startOfTraining);
    case 'trainingOccupationName':
    case 'duration':
      return values[field] ?? '';
  }
}

/**
 * After a switch of the posting type: which typed values the new type does not save (its fields
 * are hidden but keep their values until saving, so switching back brings them back).
 */
export function TypeFieldsNotice() {
  const { t } = useTranslation();
  const { control } = useVacancyForm();
  const [type, trainingOccupationName, duration, startOfTraining, salaryPerTrainingYear] = useWatch({
    control,
    name: ['type', 'trainingOccupationName', 'duration', 'startOfTraining', 'compensation.salaryPerTrainingYear'],
  });
  const values: Partial<VacancyFormValues> = {
    trainingOccupationName,
    duration,
    startOfTraining,
    compensation: { salaryPerTrainingYear },
  };
  const notUsed = fieldsNotUsedFor(type, values);
  if (notUsed.length === 0) return null;
  const fields = notUsed
    .map((field) => `„${TYPE_DEPENDENT_FIELD_LABELS[field]}“ (${shownValue(values, field)})`)
    .join(', ');
  return (
    <Alert severity="warning" role="status" sx={{ mt: 1 }} data-testid="type-fields-notice">
      {t('vacancies.fieldsNotUsed', { type: POSTING_TYPE_LABELS[type], fields })}
    </Alert>
  );
}
