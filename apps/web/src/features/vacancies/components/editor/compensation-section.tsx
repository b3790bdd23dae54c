import { postingTypeAsksFor } from '@matchwerk/shared';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n';
import { FormField } from '../../../../components/form/form-field';
import { FormSection } from '../../../../components/layout/form-section';
import type { VacancyFormValues } from '../../lib/vacancy-form-values';
import { SalaryYearsField } from '../salary-years-field';
import { useVacancyForm } from './editor-form';

export function CompensationSection() {
  const { t } = useTranslation();
  const { control, formState } = useVacancyForm();
  const type = useWatch({ control, name: 'type' });
  const salaryErrors = formState.errors.compensation?.salaryPerTrainingYear;
  const salaryRowErrors = Array.isArray(salaryErrors)
    ? salaryErrors.map((e: { message?: string } | undefined) => e?.message)
    : [];
  return (
    <FormSection title={t('vacancies.compensationTitle')}>
      <FormField<VacancyFormValues>
        name="salaryRange"
        label={t('vacancies.salaryRange')}
        helperText={t('vacancies.salaryRangeHelp')}
      />
      {postingTypeAsksFor(type, 'compensation.salaryPerTrainingYear') && (
        <Controller
          control={control}
          name="compensation.salaryPerTrainingYear"
          render={({ field }) => (
            <SalaryYearsField
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              errors={salaryRowErrors}
            />
          )}
        />
      )}
      <FormField<VacancyFormValues>
        name="compensation.additionalCompensation"
        label={t('vacancies.additionalCompensation')}
        multiline
        minRows={2}
      />
    </FormSection>
  );
}
