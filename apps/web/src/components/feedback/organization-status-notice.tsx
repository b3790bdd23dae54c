import Alert from '@mui/material/Alert';
import { ORGANIZATION_MESSAGES, type CurrentUser } from '@matchwerk/shared';
import { useSupportEmail } from '../../lib/session';

/**
 * On every screen of an organisation user whose organisation is deactivated or still waiting
 * for release (ADR 0020): they can still sign in and work, but candidates do not see their
 * postings, and they should know whom to ask.
 */
export function OrganizationStatusNotice({ user }: { user: CurrentUser }) {
  const supportEmail = useSupportEmail();
  const organization = user.type === 'ORGANIZATION' ? user.organization : null;
  if (!organization || organization.active) return null;
  const template = organization.waitingForApproval
    ? ORGANIZATION_MESSAGES.waitingNotice
    : ORGANIZATION_MESSAGES.deactivatedNotice;
  const [before, after] = template.split('{contact}');
  return (
    <Alert severity={organization.waitingForApproval ? 'info' : 'warning'} role="status" sx={{ mb: 3 }}>
      {before}
      <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      {after}
    </Alert>
  );
}
