import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../lib/i18n';
import { FormDateField } from '../../../../components/form/form-date-field';
import { FormSection } from '../../../../components/layout/form-section';
import type { VacancyFormValues } from '../../lib/vacancy-form-values';

/** "Veröffentlichen am" (inactive postings only) and "Bewerbungsschluss" (ADR 0042). */
export function ScheduleSection({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('vacancies.scheduleTitle')} description={t('vacancies.scheduleDescription')}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          {active ? (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {t('vacancies.publishOnActive')}
            </Typography>
          ) : (
            <FormDateField<VacancyFormValues>
              name="publishOn"
              label={t('vacancies.publishOn')}
              helperText={t('vacancies.publishOnHelp')}
            />
          )}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormDateField<VacancyFormValues>
            name="applicationDeadline"
            label={t('vacancies.applicationDeadline')}
            helperText={t('vacancies.applicationDeadlineHelp')}
          />
        </Grid>
      </Grid>
    </FormSection>
  );
}
