import '../../lib/locales/register-company-texts';
import '../../lib/locales/register-organizations-texts';
import { useParams } from '../../lib/router';
import { organizationSections } from '../organization-sections';
import { OrganizationSettings } from '../../features/organization/components/organization-settings';
import { useCurrentRouteName } from '../../lib/route-handle';

export function Component() {
  const route = useCurrentRouteName();
  const { id } = useParams();
  if (route === 'NewOrganization' || !id) return <OrganizationSettings sections={organizationSections} mode="new" />;
  return <OrganizationSettings sections={organizationSections} key={id} mode="manage" organizationId={id} />;
}
