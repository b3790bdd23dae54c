import '../../lib/locales/register-company-texts';
import { OrganizationSettings } from '../../features/organization/components/organization-settings';
import { useSession } from '../../lib/session';

export function Component() {
  const { user } = useSession();
  return <OrganizationSettings mode="own" organizationId={user?.organizationId ?? null} />;
}
