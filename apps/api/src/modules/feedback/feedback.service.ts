/**
 * Feedback from the help page (spec §2 Help, §7 POST /rest/feedback, §8; ADR 0036): stored
 * first, then mailed to SUPPORT_EMAIL. A failed mail is only logged (spec §8) — the feedback
 * stays stored and the answer says `mailed: false`. Administrators list it and set its status.
 */
import {
  canReviewFeedback,
  CANDIDATE_APP_BASE_PATH,
  candidateFeedbackRequestSchema,
  canSendFeedback,
  FEEDBACK_CATEGORY_LABELS,
  feedbackRequestSchema,
  USER_TYPE_LABELS,
  type FeedbackCreated,
  type FeedbackItem,
  type FeedbackListQuery,
  type FeedbackPage,
  type FeedbackStatus,
} from '@matchwerk/shared';
import type { FastifyBaseLogger } from 'fastify';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import { AppError } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import type { RateLimitDecision } from '../../plugins/rate-limit-store';
import type { ImagesService, ImageFile } from '../images';
import { composeFeedbackMail } from './feedback-mail';
import type { FeedbackRepository, FeedbackRow } from './feedback.repository';

export interface FeedbackServiceDeps {
  repository: FeedbackRepository;
  images: Pick<ImagesService, 'storeThen' | 'locate'>;
  mailer: Mailer;
  supportEmail: string;
  publicUrl: string;
  /** Counts one feedback of the user against `perHour`. */
  sendLimit: (userId: string) => Promise<RateLimitDecision>;
  perHour: number;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The fields of the multipart form, as read: unparsed strings (or missing). */
export interface FeedbackSubmission {
  fields: Record<string, string | undefined>;
  screenshot: Buffer | null;
}

const berlinTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function toItem(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    category: row.category,
    message: row.message,
    page: row.page,
    status: row.status,
    hasScreenshot: row.screenshotKey !== null,
    mailed: row.mailedAt !== null,
    sender: row.senderEmail ? { name: row.senderName ?? '', email: row.senderEmail } : null,
    fromCandidate: row.senderType === 'APPLICANT',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createFeedbackService(deps: FeedbackServiceDeps) {
  const { repository } = deps;

  function reviewer(actor: SessionActor | null): SessionActor {
    const user = requireActor(actor, { legal: true, area: 'help' });
    if (!canReviewFeedback(user)) throw new AppError('FORBIDDEN');
    return user;
  }

  function sender(actor: SessionActor | null): SessionActor {
    // Candidates send from the candidate app (ADR 0102): feedback and support requests in "du".
    if (actor?.type === 'APPLICANT') return requireActor(actor, { legal: true, applicant: true });
    const user = requireActor(actor, { legal: true, area: 'help' });
    if (!canSendFeedback(user)) throw new AppError('FORBIDDEN');
    return user;
  }

  return {
    /** Refuses callers who may not send feedback (before the route reads an upload). */
    ensureSender(actor: SessionActor | null): void {
      sender(actor);
    },

    /** Every signed-in web-app user and candidate. The limit is counted before the screenshot is processed. */
    async create(actor: SessionActor | null, submission: FeedbackSubmission): Promise<FeedbackCreated> {
      const user = sender(actor);
      const candidate = user.type === 'APPLICANT';
      const parsed = (candidate ? candidateFeedbackRequestSchema : feedbackRequestSchema).safeParse(submission.fields);
      if (!parsed.success) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message;
        throw new AppError('VALIDATION_FAILED', { fieldErrors });
      }
      const decision = await deps.sendLimit(user.userId);
      if (!decision.allowed) {
        throw new AppError('RATE_LIMITED', {
          message: candidate
            ? `Du hast in der letzten Stunde schon ${deps.perHour} Nachrichten an uns geschickt. Bitte versuch es später noch einmal oder schreib an ${deps.supportEmail}.`
            : `Sie haben in der letzten Stunde schon ${deps.perHour} Rückmeldungen gesendet. Bitte versuchen Sie es später erneut oder schreiben Sie an ${deps.supportEmail}.`,
          headers: { 'retry-after': String(decision.retryAfter ?? 3600) },
        });
      }
      const input = parsed.data;
      const at = deps.clock();
      const save = (screenshot: { storageKey: string; mimeType: string } | null) =>
        repository.create({
          userId: user.userId,
          category: input.category,
          message: input.message,
          page: input.page,
          screenshot,
          at,
        });
      const id = submission.screenshot
        ? await deps.images.storeThen(submission.screenshot, (file) => save(file))
        : await save(null);

      let mailed = false;
      try {
        await deps.mailer.send(
          await composeFeedbackMail({
            to: deps.supportEmail,
            categoryLabel: FEEDBACK_CATEGORY_LABELS[input.category],
            sender: {
              name: user.name,
              email: user.email,
              roleLabel: USER_TYPE_LABELS[user.type],
              organizationName: user.organization?.name ?? null,
            },
            pageUrl: candidate
              ? `${deps.publicUrl}${CANDIDATE_APP_BASE_PATH}#${input.page}`
              : `${deps.publicUrl}/#${input.page}`,
            message: input.message,
            hasScreenshot: submission.screenshot !== null,
            receivedAt: berlinTime.format(at),
          }),
        );
        await repository.markMailed(id, deps.clock());
        mailed = true;
      } catch (error) {
        // Spec §8: feedback errors are only logged. The feedback is stored; the answer says so.
        deps.log.error({ err: error, feedbackId: id }, 'feedback mail could not be sent');
      }
      return { id, mailed };
    },

    async list(actor: SessionActor | null, query: FeedbackListQuery): Promise<FeedbackPage> {
      reviewer(actor);
      const { rows, total } = await repository.list(query);
      return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
    },

    async setStatus(actor: SessionActor | null, id: string, status: FeedbackStatus): Promise<FeedbackItem> {
      reviewer(actor);
      const row = isUuid(id) ? await repository.setStatus(id, status, deps.clock()) : null;
      if (!row) throw new AppError('NOT_FOUND', { message: 'Diese Rückmeldung gibt es nicht.' });
      return toItem(row);
    },

    async screenshot(actor: SessionActor | null, id: string): Promise<ImageFile> {
      reviewer(actor);
      const found = isUuid(id) ? await repository.findScreenshot(id) : null;
      const notFound = () => new AppError('NOT_FOUND', { message: 'Zu dieser Rückmeldung gibt es keinen Screenshot.' });
      if (!found) throw notFound();
      return deps.images.locate(found.storageKey, found.mimeType, notFound);
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
