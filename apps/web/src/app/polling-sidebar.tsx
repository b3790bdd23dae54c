import { canAccessArea } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { Sidebar, type SidebarProps } from '../components/layout/sidebar';
import { waitingOrganizationsCountQueryOptions } from '../features/organizations/api/organizations-api';
import { useUnreadPolling } from '../features/unread/api/unread-api';
import { sidebarBadges } from '../features/unread/lib/unread-labels';
import { actorFor } from '../lib/session';

/**
 * The sidebar with the unread poll (ADR 0040): polled here, once, for users who see Anfragen and
 * chats. The app composes the layout's sidebar with the unread feature (ADR 0051).
 */
export function PollingSidebar(props: Omit<SidebarProps, 'badges'>) {
  const actor = actorFor(props.user);
  const unread = useUnreadPolling(
    Boolean(props.user.organizationId) && canAccessArea(actor, 'candidates') && canAccessArea(actor, 'chats'),
  );
  // Partners and admins: the companies waiting for release (issue 48 item 3).
  const waiting = useQuery({
    ...waitingOrganizationsCountQueryOptions(),
    enabled: props.user.type === 'ADMIN' || props.user.type === 'REGIONAL_PARTNER',
  });
  return <Sidebar {...props} badges={{ ...sidebarBadges(unread.data), organizations: waiting.data ?? 0 }} />;
}
