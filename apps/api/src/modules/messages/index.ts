/** The messages module's public entry: chat versions, the chat message count and opening a chat with a matching. */
export { type ChatVersionStore } from './chat-version-store';
export { applicantPhotoIdsSql, appendSystemMessageInTransaction, openChatInTransaction } from './messages.repository';
export { CHAT_MESSAGES } from './messages.service';
