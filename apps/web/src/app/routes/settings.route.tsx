import '../../lib/locales/register-company-texts';
import { organizationSections } from '../organization-sections';
import { OrganizationSettings } from '../../features/organization/components/organization-settings';
import { useSession } from '../../lib/session';

export function Component() {
  const { user } = useSession();
  return (
    <OrganizationSettings sections={organizationSections} mode="own" organizationId={user?.organizationId ?? null} />
  );
}
