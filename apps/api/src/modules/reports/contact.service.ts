/**
 * Ending contact (issue 46 item 6, ADR 0101): a candidate ends contact with a company. Their chat
 * closes for both sides (a closing system message; sending answers 409), open matchings with the
 * company are withdrawn, the company's postings leave the candidate's lists and new interest is
 * refused. The company sees that the contact was ended, never whether it was reported.
 * Withdrawing an ACCEPTED matching ends the contact the same way (matchings module).
 */
import type { ContactEnded } from '@matchwerk/shared';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import type { DomainEventPublisher } from '../../events/domain-events';
import type { ContactEndsRepository } from './contact-ends.repository';

export interface ContactServiceDeps {
  repository: ContactEndsRepository;
  events: DomainEventPublisher;
  clock: () => Date;
}

export const CONTACT_ERRORS = {
  unknownOrganization: 'Dieses Unternehmen gibt es nicht (mehr).',
} as const;

export function createContactService(deps: ContactServiceDeps) {
  const { repository } = deps;

  /** Ends the contact of the candidate with the company (idempotent). The caller checked the candidate. */
  async function end(applicantId: string, organizationId: string): Promise<ContactEnded> {
    if (!isUuid(organizationId) || !(await repository.organizationExists(organizationId)))
      throw new AppError('NOT_FOUND', { message: CONTACT_ERRORS.unknownOrganization });
    const result = await repository.end(organizationId, applicantId, deps.clock());
    if (result.created)
      await deps.events.publish({
        type: 'contact.ended',
        organizationId,
        applicantId,
        chatVersion: result.chatVersion,
      });
    return { organizationId, endedAt: result.endedAt.toISOString() };
  }

  return {
    end,

    /** POST /rest/applicant/chats/:organizationId/end */
    async endAsApplicant(actor: SessionActor | null, organizationId: string): Promise<ContactEnded> {
      const user = requireActor(actor, { legal: true, applicant: true });
      return end(user.userId, organizationId);
    },

    /** When the candidate ended contact with the company, or null (chats). */
    endedAt: (organizationId: string, applicantId: string) => repository.endedAt(organizationId, applicantId),

    /** Whether the candidate ended contact with the company of this posting (interest refused). */
    endedForVacancy: (applicantId: string, vacancyId: string) => repository.endedForVacancy(applicantId, vacancyId),
  };
}

export type ContactService = ReturnType<typeof createContactService>;
