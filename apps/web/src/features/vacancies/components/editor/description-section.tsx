import { useTranslation } from '../../../../lib/i18n';
import { FormSection } from '../../../../components/layout/form-section';
import { RichTextField } from './rich-text-field';

export function DescriptionSection() {
  const { t } = useTranslation();
  return (
    <FormSection title={t('vacancies.descriptionTitle')}>
      <RichTextField name="description" label={t('vacancies.description')} required />
      <RichTextField name="whatWereLookingFor" label={t('vacancies.whatWereLookingFor')} />
      <RichTextField name="about" label={t('vacancies.about')} />
      <RichTextField name="taskDescription" label={t('vacancies.taskDescription')} />
    </FormSection>
  );
}
