import Grid from '@mui/material/Grid';
import { useTranslation } from '../../../../lib/i18n';
import { FormField } from '../../../../components/form/form-field';
import { FormSection } from '../../../../components/layout/form-section';
import type { VacancyFormValues } from '../../lib/vacancy-form-values';

export function ContactSection() {
  const { t } = useTranslation();
  return (
    <FormSection title={t('vacancies.contactTitle')}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormField<VacancyFormValues>
            name="contactName"
            label={t('vacancies.contactName')}
            required
            autoComplete="name"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormField<VacancyFormValues>
            name="contactPhone"
            label={t('vacancies.contactPhone')}
            type="tel"
            autoComplete="tel"
          />
        </Grid>
      </Grid>
    </FormSection>
  );
}
