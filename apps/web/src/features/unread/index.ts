// The unread feature's public API (ADR 0051): screens that show a chat or the Anfragen mark them seen.
export { useMarkChatRead, useMarkMatchingsSeenOnOpen } from './api/unread-api';
