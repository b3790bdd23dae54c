/**
 * Unread counts of the signed-in organisation user (ADR 0040). One poll every 5 s, like the chat:
 * the server answers 204 without a database query while nothing changed, so the poll keeps the
 * last answer. When the organisation's matchings or chats changed, the Anfragen list and the chat
 * list reload — that is how new interest appears on an open Anfragen screen without a reload.
 */
import { CHAT_POLLING_INTERVAL_MS, type UnreadResponse } from '@matchwerk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { contractPiece, contractSchema } from '../../../lib/contract';
import { marketplacePaths } from '../../../lib/api-paths';
import { useUnreadStore } from '../../../stores/unread-store';

// Checked against the contract once it has loaded, after the first screen (ADR 0078).
const unreadContract = contractPiece(() => import('./unread.contract'));
const unreadResponseSchema = contractSchema(unreadContract, (piece) => piece.unreadResponseSchema);
const markChatReadResponseSchema = contractSchema(unreadContract, (piece) => piece.markChatReadResponseSchema);

export const unreadKeys = {
  all: ['unread'] as const,
};

/** Query keys of the lists that reload when their version moves (owned by the candidates and chats features). */
const MATCHINGS_KEY = ['matchings'] as const;
const CHAT_LIST_KEY = ['chats', 'list'] as const;

export const unreadQueryOptions = queryOptions({
  queryKey: unreadKeys.all,
  queryFn: async ({ signal, client }): Promise<UnreadResponse> => {
    const previous = client.getQueryData<UnreadResponse>(unreadKeys.all);
    const fresh = await apiRequest(marketplacePaths.unread, {
      query: { since: previous?.cursor },
      schema: unreadResponseSchema,
      allowNoContent: true,
      signal,
    });
    // 204: nothing changed since the cursor we sent, so the cached answer is still right.
    if (fresh) return fresh;
    if (previous) return previous;
    throw new Error('204 ohne vorherige Antwort');
  },
  refetchInterval: CHAT_POLLING_INTERVAL_MS,
  // Background polls must not pop a snackbar every 5 s; the next poll is the retry.
  retry: false,
  meta: { handledInline: true },
});

/** Total of new matchings and unread messages, or 0 without an answer. */
export function unreadTotal(data: Pick<UnreadResponse, 'matchings' | 'messages'> | undefined): number {
  return data ? data.matchings + data.messages : 0;
}

/**
 * The poll itself, run once in the sidebar for users who see Anfragen and chats: publishes the
 * total for the document title and reloads the lists whose version changed.
 */
export function useUnreadPolling(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...unreadQueryOptions, enabled });
  const setTotal = useUnreadStore((s) => s.setTotal);
  const versions = useRef<{ matchings: string; chats: string } | null>(null);
  const data = enabled ? query.data : undefined;

  useEffect(() => {
    setTotal(unreadTotal(data));
  }, [data, setTotal]);

  useEffect(() => {
    if (!data) return;
    const before = versions.current;
    versions.current = { matchings: data.matchingsVersion, chats: data.chatsVersion };
    if (!before) return;
    if (before.matchings !== data.matchingsVersion) void queryClient.invalidateQueries({ queryKey: MATCHINGS_KEY });
    if (before.chats !== data.chatsVersion) void queryClient.invalidateQueries({ queryKey: CHAT_LIST_KEY });
  }, [data, queryClient]);

  useEffect(() => () => setTotal(0), [setTotal]);
  return query;
}

/** Opening Anfragen marks the matchings seen for this user; the counts reload at once. */
export function useMarkMatchingsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(marketplacePaths.matchingsSeen, { method: 'POST', allowNoContent: true }),
    meta: { handledInline: true },
    onSuccess: () => queryClient.refetchQueries({ queryKey: unreadKeys.all }),
  });
}

/** Marks the chat read up to `seq` for this user; the counts and the chat list reload. */
export function useMarkChatRead(applicantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seq: number) =>
      apiRequest(marketplacePaths.chatRead(applicantId), {
        method: 'POST',
        body: { seq },
        schema: markChatReadResponseSchema,
      }),
    meta: { handledInline: true },
    onSuccess: () => {
      void queryClient.refetchQueries({ queryKey: unreadKeys.all });
      void queryClient.invalidateQueries({ queryKey: CHAT_LIST_KEY });
    },
  });
}

/** Anfragen opened: this user has seen the matchings up to now (once per visit of the screen). */
export function useMarkMatchingsSeenOnOpen() {
  const { mutate } = useMarkMatchingsSeen();
  useEffect(() => {
    mutate();
  }, [mutate]);
}
