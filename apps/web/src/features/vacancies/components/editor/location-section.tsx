import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import { useTranslation } from '../../../../lib/i18n';
import { FormField } from '../../../../components/form/form-field';
import { FormSection } from '../../../../components/layout/form-section';
import type { VacancyFormValues } from '../../lib/vacancy-form-values';

export function LocationSection({ geocodeWarning }: { geocodeWarning: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('vacancies.locationTitle')}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormField<VacancyFormValues>
            name="location.country"
            label={t('vacancies.country')}
            autoComplete="country-name"
          />
        </Grid>
        <Grid size={{ xs: 5, md: 3 }}>
          <FormField<VacancyFormValues>
            name="location.zipCode"
            label={t('vacancies.zipCode')}
            required
            autoComplete="postal-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 7, md: 5 }}>
          <FormField<VacancyFormValues>
            name="location.city"
            label={t('vacancies.city')}
            required
            autoComplete="address-level2"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8, md: 9 }}>
          <FormField<VacancyFormValues>
            name="location.street"
            label={t('vacancies.street')}
            autoComplete="address-line1"
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4, md: 3 }}>
          <FormField<VacancyFormValues> name="location.streetNumber" label={t('vacancies.streetNumber')} />
        </Grid>
      </Grid>
      {geocodeWarning && (
        <Alert severity="warning" role="status" sx={{ mt: 1 }}>
          {t('vacancies.geocodeWarning')}
        </Alert>
      )}
    </FormSection>
  );
}
