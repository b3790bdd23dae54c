/**
 * Parental consent for candidates under 16 (issue 46, ADR 0097). The parent gets a mail with a
 * link to a public page (no account) and confirms or declines there; later the same link takes
 * a confirmation back. Until a parent confirmed, the candidate may browse but neither express
 * interest nor chat. The link's token is random (32 bytes), stored only as its SHA-256 hash,
 * valid 14 days while pending and until the 16th birthday once decided. Every request and
 * decision is recorded in parental_consent_events.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  ageOn,
  berlinToday,
  CANDIDATE_AGE_MESSAGES,
  PARENTAL_CONSENT_AGE,
  PARENTAL_CONSENT_PATH,
  parentalConsentState,
  type ParentalConsent,
  type ParentalConsentRequest,
  type ParentalDecision,
} from '@matchwerk/shared';
import type { FastifyBaseLogger } from 'fastify';
import { requireActor, type SessionActor } from '../../access/actor';
import { AppError } from '../../errors/app-error';
import type { DomainEventPublisher } from '../../events/domain-events';
import type { Mailer } from '../../mail/mailer';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { composeParentalConsentConfirmedMail, composeParentalConsentRequestMail } from './parental-consent-mail';
import { renderParentalConsentPage } from './parental-consent-page';
import type { ParentalConsentRepository } from './parental-consent.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a mailed link works while the parent has not decided. */
export const PENDING_LINK_DAYS = 14;
/** Re-sends (or address changes) per candidate and hour. */
export const CONSENT_MAILS_PER_HOUR = 3;

export interface ParentalConsentServiceDeps {
  repository: ParentalConsentRepository;
  /** The candidate's birth date and first names (the applicants repository). */
  profiles: {
    findProfile(applicantId: string): Promise<{ names: string[] | null; dateOfBirth: string | null } | null>;
  };
  /** The candidate's own sign-in address (a parent's must differ). */
  emailOf(applicantId: string): Promise<string | null>;
  mailer: Mailer;
  rateLimitStore: RateLimitStore;
  events: DomainEventPublisher;
  /** The candidate's cached sessions must be read again (current-user `parentalConsent`); optional in unit tests. */
  userChanged?: (userId: string) => Promise<void>;
  publicUrl: string;
  supportEmail: string;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export interface ConsentPage {
  status: 200 | 400;
  html: string;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Midnight (UTC) of the 16th birthday: from then on no consent is needed. */
function sixteenthBirthday(dateOfBirth: string): Date {
  const [year, month, day] = dateOfBirth.split('-').map(Number);
  return new Date(Date.UTC((year ?? 0) + PARENTAL_CONSENT_AGE, (month ?? 1) - 1, day ?? 1));
}

function firstName(names: readonly string[] | null | undefined): string {
  return names?.[0] ?? 'Ihr Kind';
}

export function createParentalConsentService(deps: ParentalConsentServiceDeps) {
  const repo = deps.repository;

  function needsConsent(dateOfBirth: string | null): dateOfBirth is string {
    return dateOfBirth !== null && ageOn(dateOfBirth, berlinToday(deps.clock())) < PARENTAL_CONSENT_AGE;
  }

  function linkOf(token: string): string {
    return `${deps.publicUrl}${PARENTAL_CONSENT_PATH}?token=${encodeURIComponent(token)}`;
  }

  /** New token, PENDING, mail to the parent. A failed mail is logged; the candidate can send it again. */
  async function request(
    applicantId: string,
    parentEmail: string,
    profile: { names: string[] | null },
    event: 'REQUESTED' | 'RESENT',
  ): Promise<void> {
    const now = deps.clock();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + PENDING_LINK_DAYS * DAY_MS);
    await repo.request({ applicantId, parentEmail, tokenHash: hashToken(token), expiresAt, now }, event);
    try {
      await deps.mailer.send(
        await composeParentalConsentRequestMail({
          to: parentEmail,
          childName: firstName(profile.names),
          url: linkOf(token),
          validUntil: expiresAt,
          supportEmail: deps.supportEmail,
        }),
      );
    } catch (error) {
      deps.log.error({ err: error }, 'sending the parental consent mail failed');
    }
  }

  /** The candidate's view; status, mayContact and message follow the shared rule (parentalConsentState). */
  async function statusOf(applicantId: string, dateOfBirth: string | null): Promise<ParentalConsent> {
    const row = needsConsent(dateOfBirth) ? await repo.find(applicantId) : null;
    const { status, mayContact, message } = parentalConsentState(
      dateOfBirth,
      row?.status ?? null,
      berlinToday(deps.clock()),
    );
    return {
      status,
      mayContact,
      parentEmail: row?.parentEmail ?? null,
      requestedAt: row?.requestedAt.toISOString() ?? null,
      decidedAt: row?.decidedAt?.toISOString() ?? null,
      message,
    };
  }

  async function profileOf(applicantId: string) {
    const profile = await deps.profiles.findProfile(applicantId);
    return { names: profile?.names ?? [], dateOfBirth: profile?.dateOfBirth ?? null };
  }

  return {
    statusOf,

    /** After a sign-up under 16 (the account is new): the first mail to the parent. */
    async requestAtSignup(applicantId: string, parentEmail: string, names: string[]): Promise<void> {
      await request(applicantId, parentEmail, { names }, 'REQUESTED');
    },

    /**
     * Mails every parent whose PENDING consent has no link yet (seeded rows: the demo's
     * 14-year-old), through the mailer like a sign-up does; answers how many went out.
     */
    async requestOutstanding(): Promise<number> {
      const outstanding = await repo.pendingWithoutLink();
      for (const { applicantId, parentEmail } of outstanding)
        await request(applicantId, parentEmail, await profileOf(applicantId), 'REQUESTED');
      return outstanding.length;
    },

    /** GET /rest/applicant/parental-consent */
    async get(actor: SessionActor | null): Promise<ParentalConsent> {
      const user = requireActor(actor, { legal: false, applicant: true });
      return statusOf(user.userId, (await profileOf(user.userId)).dateOfBirth);
    },

    /**
     * POST /rest/applicant/parental-consent: the mail again, to the same or a new address (a new
     * link; the old one stops working). Not after a parent confirmed (409), not from 16 (409).
     */
    async resend(actor: SessionActor | null, input: ParentalConsentRequest): Promise<ParentalConsent> {
      const user = requireActor(actor, { legal: false, applicant: true });
      const profile = await profileOf(user.userId);
      if (!needsConsent(profile.dateOfBirth))
        throw new AppError('CONFLICT', { message: CANDIDATE_AGE_MESSAGES.consentNotNeeded });
      const current = await repo.find(user.userId);
      if (current?.status === 'CONFIRMED')
        throw new AppError('CONFLICT', { message: 'Deine Eltern haben schon zugestimmt.' });
      if (input.parentEmail === (await deps.emailOf(user.userId))?.toLowerCase())
        throw new AppError('VALIDATION_FAILED', {
          fieldErrors: { parentEmail: CANDIDATE_AGE_MESSAGES.parentEmailSame },
        });
      const decision = await deps.rateLimitStore.consume(`parental-consent:${user.userId}`, {
        window: 3600,
        max: CONSENT_MAILS_PER_HOUR,
      });
      if (!decision.allowed) {
        const minutes = Math.max(1, Math.ceil((decision.retryAfter ?? 3600) / 60));
        throw new AppError('RATE_LIMITED', {
          message: `Du hast die E-Mail an deine Eltern schon ${CONSENT_MAILS_PER_HOUR}-mal in der letzten Stunde geschickt. Bitte warte etwa ${minutes} Minuten.`,
          headers: { 'retry-after': String(decision.retryAfter ?? 3600) },
        });
      }
      await request(user.userId, input.parentEmail, profile, 'RESENT');
      await deps.userChanged?.(user.userId);
      await deps.events.publish({ type: 'applicant.changed', applicantId: user.userId });
      return statusOf(user.userId, profile.dateOfBirth);
    },

    /**
     * 403 unless the candidate may express interest and chat: no consent needed, or a parent
     * confirmed. The message says why, in "du".
     */
    async assertMayContact(applicantId: string): Promise<void> {
      const status = await statusOf(applicantId, (await profileOf(applicantId)).dateOfBirth);
      if (!status.mayContact) throw new AppError('PARENTAL_CONSENT_REQUIRED', { message: status.message ?? undefined });
    },

    /** GET /einwilligung?token=…: the page; changes nothing. */
    async page(token: string): Promise<ConsentPage> {
      const found = token ? await repo.findByToken(hashToken(token), deps.clock()) : null;
      if (!found) return { status: 400, html: renderParentalConsentPage({ kind: 'INVALID' }) };
      const childName = firstName(found.names);
      if (!needsConsent(found.dateOfBirth))
        return { status: 200, html: renderParentalConsentPage({ kind: 'NOT_NEEDED', childName }) };
      return {
        status: 200,
        html: renderParentalConsentPage({ kind: 'ASK', state: found.consent.status, childName, token }),
      };
    },

    /** POST /einwilligung?token=…: the parent's decision. A decision that does not fit the state is a 400 page. */
    async decide(token: string, decision: ParentalDecision): Promise<ConsentPage> {
      const found = token ? await repo.findByToken(hashToken(token), deps.clock()) : null;
      if (!found) return { status: 400, html: renderParentalConsentPage({ kind: 'INVALID' }) };
      const childName = firstName(found.names);
      if (!needsConsent(found.dateOfBirth))
        return { status: 200, html: renderParentalConsentPage({ kind: 'NOT_NEEDED', childName }) };
      const state = found.consent.status;
      const allowed =
        decision === 'revoke'
          ? state === 'CONFIRMED'
          : decision === 'decline'
            ? state === 'PENDING'
            : state !== 'CONFIRMED';
      if (!allowed) return { status: 400, html: renderParentalConsentPage({ kind: 'ASK', state, childName, token }) };
      const applicantId = found.consent.applicantId;
      const expiresAt = sixteenthBirthday(found.dateOfBirth);
      const next = { confirm: 'CONFIRMED', decline: 'DECLINED', revoke: 'REVOKED' } as const;
      await repo.decide(applicantId, { status: next[decision], event: next[decision], expiresAt }, deps.clock());
      await deps.userChanged?.(applicantId);
      await deps.events.publish({ type: 'applicant.changed', applicantId });
      if (decision === 'confirm') {
        try {
          await deps.mailer.send(
            await composeParentalConsentConfirmedMail({
              to: found.consent.parentEmail,
              childName,
              url: linkOf(token),
              validUntil: expiresAt,
              supportEmail: deps.supportEmail,
            }),
          );
        } catch (error) {
          deps.log.error({ err: error }, 'sending the parental consent confirmation failed');
        }
      }
      return { status: 200, html: renderParentalConsentPage({ kind: 'DONE', decision, childName, token }) };
    },
  };
}

export type ParentalConsentService = ReturnType<typeof createParentalConsentService>;
