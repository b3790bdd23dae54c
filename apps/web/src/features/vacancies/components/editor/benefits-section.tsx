import Alert from '@mui/material/Alert';
import { BENEFIT_LABELS, benefitsNotOfferedFor, POSTING_TYPE_LABELS } from '@matchwerk/shared';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n';
import { FormSection } from '../../../../components/layout/form-section';
import { BenefitsField } from '../benefits-field';
import { useVacancyForm } from './editor-form';
import { RichTextField } from './rich-text-field';

/** Switching the type keeps every checked benefit until saving; this names the ones it will not save. */
export function BenefitsNotOfferedNotice() {
  const { t } = useTranslation();
  const { control } = useVacancyForm();
  const [type, benefits] = useWatch({ control, name: ['type', 'benefits'] });
  const notOffered = benefitsNotOfferedFor(type, benefits ?? []);
  if (notOffered.length === 0) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mt: 1 }}>
      {t('vacancies.benefitsNotOffered', {
        type: POSTING_TYPE_LABELS[type],
        benefits: notOffered.map((benefit) => `„${BENEFIT_LABELS[benefit]}“`).join(', '),
      })}
    </Alert>
  );
}

export function BenefitsSection() {
  const { t } = useTranslation();
  const { control } = useVacancyForm();
  const type = useWatch({ control, name: 'type' });
  return (
    <FormSection title={t('vacancies.benefitsTitle')}>
      <Controller
        control={control}
        name="benefits"
        render={({ field }) => <BenefitsField type={type} value={field.value ?? []} onChange={field.onChange} />}
      />
      <RichTextField name="additionalBenefits" label={t('vacancies.additionalBenefits')} />
    </FormSection>
  );
}
