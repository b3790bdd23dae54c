import type { ApplicantProfile, ChatMessage, MESSAGE_SENDERS, Region } from '@matchwerk/shared';
import type { StoredMessage } from '../messages/messages.repository';

/** The profile columns an answer needs (a missing profile row reads as empty lists). */
export interface ProfileFields {
  names: string[] | null;
  familyNames: string[] | null;
  dateOfBirth: string | null;
  school: string | null;
  region: Region | null;
  about: string | null;
  interests: string[] | null;
}

export const EMPTY_PROFILE: ProfileFields = {
  names: [],
  familyNames: [],
  dateOfBirth: null,
  school: null,
  region: null,
  about: null,
  interests: [],
};

export function toApplicantProfile(
  applicantId: string,
  profile: ProfileFields | null,
  photoIds: string[],
): ApplicantProfile {
  const fields = profile ?? EMPTY_PROFILE;
  return {
    id: applicantId,
    names: fields.names ?? [],
    familyNames: fields.familyNames ?? [],
    dateOfBirth: fields.dateOfBirth,
    school: fields.school,
    region: fields.region,
    about: fields.about,
    interests: fields.interests ?? [],
    photos: photoIds,
    photosCount: photoIds.length,
  };
}

/** The side a chat is read from: its users' own messages are those with this sender. */
export type ChatReader = Exclude<(typeof MESSAGE_SENDERS)[number], 'SYSTEM'>;

/**
 * A stored message as `reader` gets it. The sender's idempotency key goes only to the sender's
 * side: the reader's outbox needs it to recognise its own messages, the other side has no use for
 * it, and the keys are random, so they were a fifth of a compressed chat page (ADR 0083).
 */
export function toChatMessage(message: StoredMessage, reader: ChatReader): ChatMessage {
  return {
    id: message.id,
    clientMessageId: message.sender === reader ? message.clientMessageId : null,
    sender: message.sender,
    text: message.text,
    timestamp: message.createdAt.toISOString(),
    seq: message.seq,
  };
}
