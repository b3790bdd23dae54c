import { CHAT_POLLING_INTERVAL_MS, type ChatResponse, type SendMessageRequest } from '@matchwerk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contractPiece, contractSchema } from '../../../lib/contract';
import { marketplacePaths } from '../../../lib/api-paths';
import { applyOlder, applyPoll, applyReload, applySentMessage, type PendingMessage } from '../lib/chat-messages';
import { useOutboxStore } from '../stores/outbox-store';

// Checked against the contract once it has loaded, after the first screen (ADR 0078).
const chatsContract = contractPiece(() => import('./chats.contract'));
const chatListResponseSchema = contractSchema(chatsContract, (piece) => piece.chatListResponseSchema);
const chatMessageSchema = contractSchema(chatsContract, (piece) => piece.chatMessageSchema);
const chatResponseSchema = contractSchema(chatsContract, (piece) => piece.chatResponseSchema);
const pollResponseSchema = contractSchema(chatsContract, (piece) => piece.pollResponseSchema);

/** `['chats']` is also invalidated by the Candidates feature when a matching is accepted. */
export const chatKeys = {
  all: ['chats'] as const,
  list: () => [...chatKeys.all, 'list'] as const,
  detail: (applicantId: string) => [...chatKeys.all, 'detail', applicantId] as const,
  poll: (applicantId: string) => [...chatKeys.all, 'poll', applicantId] as const,
};

// These screens show load errors themselves; a failed poll must not pop a snackbar every 5 s.
const inline = { handledInline: true } as const;

/** Latest chats, newest first; refreshed every 5 s while the page is visible (spec §4). */
export const chatListQueryOptions = queryOptions({
  queryKey: chatKeys.list(),
  queryFn: ({ signal }) => apiRequest(marketplacePaths.chats, { schema: chatListResponseSchema, signal }),
  refetchInterval: CHAT_POLLING_INTERVAL_MS,
  meta: inline,
});

/** The newest messages of the chat (a page, ADR 0029); a refetch keeps the older ones already loaded. */
export function chatQueryOptions(applicantId: string) {
  return queryOptions({
    queryKey: chatKeys.detail(applicantId),
    queryFn: async ({ signal, client }) => {
      const fresh = await apiRequest(marketplacePaths.chat(applicantId), { schema: chatResponseSchema, signal });
      return applyReload(client.getQueryData<ChatResponse>(chatKeys.detail(applicantId)), fresh);
    },
    meta: inline,
  });
}

/** "Ältere Nachrichten laden": the page before the oldest loaded message, put in front of the chat. */
export function useLoadOlderMessages(applicantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (before: string) =>
      apiRequest(marketplacePaths.chat(applicantId), { query: { before }, schema: chatResponseSchema }),
    meta: inline,
    onSuccess: (page) => {
      queryClient.setQueryData<ChatResponse>(chatKeys.detail(applicantId), (current) =>
        current ? applyOlder(current, page) : current,
      );
    },
  });
}

/**
 * Polls `…/polling?since=cursor` every 5 s once the chat is loaded and merges new messages into
 * the chat's cache. A 204 ("nothing new") changes nothing. Errors keep the interval going:
 * the next poll is the retry.
 */
export function useChatPolling(applicantId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.poll(applicantId),
    queryFn: async ({ signal }) => {
      const chat = queryClient.getQueryData<ChatResponse>(chatKeys.detail(applicantId));
      if (!chat) return 0;
      const news = await apiRequest(marketplacePaths.chatPolling(applicantId), {
        // The candidate's read mark we show: a newer one is news too ("gelesen", ADR 0040).
        query: { since: chat.cursor, read: String(chat.readByApplicant) },
        schema: pollResponseSchema,
        allowNoContent: true,
        signal,
      });
      if (!news) return 0;
      queryClient.setQueryData<ChatResponse>(chatKeys.detail(applicantId), (current) =>
        current ? applyPoll(current, news) : current,
      );
      if (news.messages.length > 0) void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      return news.messages.length;
    },
    enabled,
    // The chat was just loaded: the first poll waits one interval.
    initialData: 0,
    staleTime: CHAT_POLLING_INTERVAL_MS,
    refetchInterval: CHAT_POLLING_INTERVAL_MS,
    retry: false,
    meta: inline,
  });
}

/**
 * Sends one outbox message. The callbacks live here, not at the call site, so they run for
 * every send, also after the user left the chat: the server's copy replaces the outbox entry,
 * a failure marks it "Nicht gesendet" for a retry with the same clientMessageId.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pending: PendingMessage) =>
      apiRequest(marketplacePaths.sendMessage(pending.applicantId), {
        method: 'POST',
        body: { text: pending.text, clientMessageId: pending.clientMessageId } satisfies SendMessageRequest,
        schema: chatMessageSchema,
      }),
    meta: inline,
    onMutate: (pending) => useOutboxStore.getState().setStatus(pending.clientMessageId, 'sending'),
    onSuccess: (message, pending) => {
      queryClient.setQueryData<ChatResponse>(chatKeys.detail(pending.applicantId), (current) =>
        current ? applySentMessage(current, message) : current,
      );
      useOutboxStore.getState().remove([pending.clientMessageId]);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
    onError: (_error, pending) => useOutboxStore.getState().setStatus(pending.clientMessageId, 'failed'),
  });
}
