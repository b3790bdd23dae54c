import type { UnreadResponse } from '@matchwerk/shared';

/** The sidebar's badge numbers: new matchings on Anfragen, unread messages on Nachrichten. */
export function sidebarBadges(data: Pick<UnreadResponse, 'matchings' | 'messages'> | undefined): {
  candidates: number;
  chats: number;
} {
  return { candidates: data?.matchings ?? 0, chats: data?.messages ?? 0 };
}
