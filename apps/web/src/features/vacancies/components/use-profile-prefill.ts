import type { Organization } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { organizationQueryOptions } from '../../organization';
import type { VacancyFormOutput, VacancyFormValues } from '../lib/vacancy-form-values';

/** The fields a new posting takes from the company profile (issue #48) and where they come from. */
const PREFILLED = [
  ['contactName', (profile: Organization) => profile.contactName],
  ['contactPhone', (profile: Organization) => profile.contactPhone],
  ['location.city', (profile: Organization) => profile.city],
] as const;

/**
 * A new posting starts with what the company profile knows: contact person, phone and town.
 * Only empty fields nobody has typed in are filled, as new defaults, so the form stays "not
 * changed" (no unsaved-changes question) and "Zurücksetzen"-like resets keep them.
 */
export function useProfilePrefill(
  form: UseFormReturn<VacancyFormValues, unknown, VacancyFormOutput>,
  creating: boolean,
  ownOrganizationId: string | null | undefined,
) {
  const chosen = useWatch({ control: form.control, name: 'organizationId' });
  const organizationId = creating ? ownOrganizationId || chosen || '' : '';
  const profile = useQuery({ ...organizationQueryOptions(organizationId), enabled: organizationId !== '' });
  const data = profile.data;
  useEffect(() => {
    if (!data) return;
    for (const [name, value] of PREFILLED) {
      const wanted = value(data);
      const state = form.getFieldState(name);
      if (wanted && !state.isDirty && !state.isTouched && form.getValues(name) === '') {
        form.resetField(name, { defaultValue: wanted });
      }
    }
  }, [data, form]);
}
