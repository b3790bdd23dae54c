import { AuthactionScreen } from '../../features/auth/components/authaction-screen';
import { AcceptInvitationAction } from '../../features/team/components/accept-invitation';

export function Component() {
  return <AuthactionScreen renderInvitation={(token) => <AcceptInvitationAction token={token} />} />;
}
