import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { POSTING_TYPE_LABELS, POSTING_TYPES, postingTypeAsksFor, type Vacancy } from '@matchwerk/shared';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n';
import { FormDateField } from '../../../../components/form/form-date-field';
import { FormField } from '../../../../components/form/form-field';
import { FormSection } from '../../../../components/layout/form-section';
import type { VacancyFormValues } from '../../lib/vacancy-form-values';
import { OrganizationPicker } from '../organization-picker';
import { BenefitsNotOfferedNotice } from './benefits-section';
import { useVacancyForm } from './editor-form';
import { TypeFieldsNotice } from './type-fields-notice';
import { MinAgeField } from './min-age-field';
import { OccupationField } from './occupation-field';
import { YouthProtectionHint } from './youth-protection-hint';

export interface BasicsSectionProps {
  vacancy: Vacancy | null;
  /** An admin or partner picks the organisation of a new posting. */
  requiresOrganization: boolean;
  /** An admin or partner editing sees whose posting it is. */
  showOrganization: boolean;
}

/** Title, type and the fields the type asks for (POSTING_TYPE_FIELDS), start dates. */
export function BasicsSection({ vacancy, requiresOrganization, showOrganization }: BasicsSectionProps) {
  const { t } = useTranslation();
  const { control } = useVacancyForm();
  const type = useWatch({ control, name: 'type' });
  const asks = (field: Parameters<typeof postingTypeAsksFor>[1]) => postingTypeAsksFor(type, field);
  return (
    <FormSection title={t('vacancies.basicsTitle')}>
      {requiresOrganization && (
        <Controller
          control={control}
          name="organizationId"
          render={({ field, fieldState }) => (
            <OrganizationPicker
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      {showOrganization && vacancy && (
        <TextField
          label={t('vacancies.organization')}
          value={vacancy.organization.name}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      )}
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <FormField<VacancyFormValues> name="title" label={t('vacancies.title')} required />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormField<VacancyFormValues> name="type" label={t('vacancies.type')} required select>
            {POSTING_TYPES.map((value) => (
              <option key={value} value={value}>
                {POSTING_TYPE_LABELS[value]}
              </option>
            ))}
          </FormField>
        </Grid>
        {asks('trainingOccupationName') && (
          <Grid size={{ xs: 12, md: 8 }}>
            <OccupationField />
          </Grid>
        )}
        {asks('duration') && (
          <Grid size={{ xs: 12, md: 4 }}>
            <FormField<VacancyFormValues>
              name="duration"
              label={t('vacancies.duration')}
              helperText={t('vacancies.durationHelp')}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormDateField<VacancyFormValues>
            name="start"
            label={t('vacancies.start')}
            helperText={t('vacancies.startHelp')}
          />
        </Grid>
        {asks('startOfTraining') && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormDateField<VacancyFormValues>
              name="startOfTraining"
              label={t('vacancies.startOfTraining')}
              helperText={t('vacancies.startOfTrainingHelp')}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <MinAgeField type={type} />
        </Grid>
      </Grid>
      <TypeFieldsNotice />
      <BenefitsNotOfferedNotice />
      {(type === 'HOLIDAY_JOB' || type === 'INTERNSHIP') && <YouthProtectionHint />}
    </FormSection>
  );
}
