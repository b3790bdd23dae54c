/** The number of unread chat messages for the tab bar's badge, polled while the page is visible. */
import { API_PATHS } from '@matchwerk/shared';
import { useResource } from './use-resource';

interface UnreadAnswer {
  messages: number;
}

export const UNREAD_POLL_MS = 20_000;

export function useUnreadCount(signedIn: boolean): number {
  const unread = useResource<UnreadAnswer | null>(signedIn ? API_PATHS.applicantUnread : null, {
    pollMs: UNREAD_POLL_MS,
  });
  return unread.data?.messages ?? 0;
}
