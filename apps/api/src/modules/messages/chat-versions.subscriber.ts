/**
 * Keeps the chat poll versions (ADR 0010) true after writes: a sent message or an opened chat
 * raises the chat's version, a candidate's read mark raises the "gelesen" key the organisation's
 * poll reads (ADR 0040), a deleted account drops its chats' entries. In Redis with REDIS_URL, so
 * every process's next poll sees it. When a raise fails, the chat's entries go: the next poll
 * reads the database instead of answering "nothing new".
 */
import type { ChatRef, DomainEvent, DomainEventSubscriber } from '../../events/domain-events';
import { applicantReadKey, chatKey, type ChatVersionStore } from './chat-version-store';

function chatsOf(event: DomainEvent): ChatRef[] {
  switch (event.type) {
    case 'message.sent':
    case 'matching.decided':
    case 'chat.read':
    case 'contact.ended':
      return [event];
    case 'applicant.deleted':
      return event.chats;
    // Listed, not defaulted: a new event type must be placed here (or above) to pass the lint.
    case 'applicant.changed':
    case 'chats.deleted':
    case 'dismissal.changed':
    case 'invitation.changed':
    case 'matching-note.changed':
    case 'matching.created':
    case 'matching.withdrawn':
    case 'matchings.declined':
    case 'matchings.seen':
    case 'organization.changed':
    case 'organization.deleted':
    case 'organization.toggled':
    case 'response-deadline.changed':
    case 'user.changed':
    case 'user.deleted':
    case 'user.disabled':
    case 'vacancy.activated':
    case 'vacancy.deactivated':
    case 'vacancy.deleted':
    case 'vacancy.saved':
    case 'vacancy.viewed':
      return [];
  }
}

export function chatVersionsSubscriber(versions: ChatVersionStore): DomainEventSubscriber {
  return {
    name: 'chat versions',
    handlers: {
      'message.sent': (event) => versions.raise(chatKey(event.organizationId, event.applicantId), event.chatVersion),
      'matching.decided': async (event) => {
        if (event.chatVersion !== null)
          await versions.raise(chatKey(event.organizationId, event.applicantId), event.chatVersion);
      },
      'contact.ended': async (event) => {
        if (event.chatVersion !== null)
          await versions.raise(chatKey(event.organizationId, event.applicantId), event.chatVersion);
      },
      'chat.read': async (event) => {
        if (event.reader === 'APPLICANT')
          await versions.raise(applicantReadKey(event.organizationId, event.applicantId), event.readSeq);
      },
      'applicant.deleted': async (event) => {
        await Promise.all(event.chats.map((chat) => versions.forget(chatKey(chat.organizationId, chat.applicantId))));
      },
    },
    async lost(event) {
      await Promise.all(
        chatsOf(event).flatMap((chat) => [
          versions.forget(chatKey(chat.organizationId, chat.applicantId)),
          versions.forget(applicantReadKey(chat.organizationId, chat.applicantId)),
        ]),
      );
    },
  };
}
