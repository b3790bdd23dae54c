/**
 * Messages written but not yet confirmed by the server. Kept outside the screen (navigating
 * away does not lose them) and in sessionStorage (a reload does not either). After a reload a
 * message that was "sending" is unknown to have arrived: it shows as not sent, and a retry
 * with the same clientMessageId is stored once by the server.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PendingMessage, PendingStatus } from '../lib/chat-messages';

interface OutboxState {
  messages: PendingMessage[];
  add: (message: PendingMessage) => void;
  setStatus: (clientMessageId: string, status: PendingStatus) => void;
  remove: (clientMessageIds: readonly string[]) => void;
}

export const useOutboxStore = create<OutboxState>()(
  persist(
    (set) => ({
      messages: [],
      add: (message) =>
        set((s) => ({
          messages: [...s.messages.filter((m) => m.clientMessageId !== message.clientMessageId), message],
        })),
      setStatus: (clientMessageId, status) =>
        set((s) => ({
          messages: s.messages.map((m) => (m.clientMessageId === clientMessageId ? { ...m, status } : m)),
        })),
      remove: (clientMessageIds) => {
        if (clientMessageIds.length === 0) return;
        const drop = new Set(clientMessageIds);
        set((s) => ({ messages: s.messages.filter((m) => !drop.has(m.clientMessageId)) }));
      },
    }),
    {
      name: 'matchwerk-chat-outbox',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ messages: state.messages }),
      merge: (persisted, current) => {
        const stored = (persisted as { messages?: PendingMessage[] } | undefined)?.messages ?? [];
        return { ...current, messages: stored.map((m) => ({ ...m, status: 'failed' as const })) };
      },
    },
  ),
);
