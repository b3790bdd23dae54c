import { OrganizationsScreen } from '../../features/organizations/components/organizations-screen';

export function Component() {
  return <OrganizationsScreen />;
}
