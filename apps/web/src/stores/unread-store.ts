/**
 * How many things are new for the signed-in user (ADR 0040): the sidebar's poll writes it, the
 * document title shows it. Client state only; the counts themselves come from the server.
 */
import { create } from 'zustand';

export interface UnreadState {
  /** New matchings plus unread messages; 0 when nothing is new or the user has no inbox. */
  total: number;
  setTotal: (total: number) => void;
}

export const useUnreadStore = create<UnreadState>()((set) => ({
  total: 0,
  setTotal: (total) => set({ total }),
}));

/** The document title with the number of new things in front: "(4) Anfragen · Matchwerk". */
export function titleWithUnread(title: string, total: number): string {
  return total > 0 ? `(${total}) ${title}` : title;
}
