import { useFormContext } from 'react-hook-form';
import type { VacancyFormOutput, VacancyFormValues } from '../../lib/vacancy-form-values';

/** The editor's form, for its sections (all inside one FormProvider). */
export function useVacancyForm() {
  return useFormContext<VacancyFormValues, unknown, VacancyFormOutput>();
}
