/**
 * Issue 14 (ADR 0041): internal notes (organisation users only, own notes editable), response
 * figures, answer deadlines per region (administrators) and the deadline job's run.
 */
import {
  canManageResponseDeadlines,
  REGIONS,
  RESPONSE_DEADLINE_DEFAULT_DAYS,
  RESPONSE_REMINDER_AFTER_DAYS,
  RESPONSE_STATS_WINDOW_DAYS,
  RESPONSE_TIME_MIN_ANSWERS,
  typicalAnswerDays,
  typicalAnswerText,
  type MatchingNote,
  type MatchingNotesResponse,
  type OrganizationResponseTime,
  type Region,
  type ResponseDeadlinesResponse,
  type ResponseStats,
} from '@matchwerk/shared';
import type { FastifyBaseLogger } from 'fastify';
import { requireActor, requireOrganizationMember, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import type { DomainEventPublisher } from '../../events/domain-events';
import { AppError } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import type { CandidateFollowUpRepository, NoteRow } from './candidate-follow-up.repository';
import { composeReminderMail } from './reminder-mail';

export interface CandidateFollowUpServiceDeps {
  repository: CandidateFollowUpRepository;
  /** Notes and answer deadlines are told here after their commit (ADR 0092). */
  events: DomainEventPublisher;
  clock: () => Date;
}

export const FOLLOW_UP_MESSAGES = {
  matchingNotFound: 'Diese Anfrage gibt es nicht (mehr).',
  noteNotFound: 'Diese Notiz gibt es nicht (mehr).',
  notOwnNote: 'Sie können nur Ihre eigenen Notizen bearbeiten oder löschen.',
} as const;

const DAY_MS = 86_400_000;

export function toMatchingNote(row: NoteRow, userId: string): MatchingNote {
  return {
    id: row.id,
    text: row.text,
    authorName: row.authorUserId ? row.authorName : null,
    isOwn: row.authorUserId === userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createCandidateFollowUpService(deps: CandidateFollowUpServiceDeps) {
  const repo = deps.repository;

  /** Organisation users of an organisation (area Candidates); admins and partners have no notes (ADR 0041). */
  const organizationUser = (actor: SessionActor | null) => requireOrganizationMember(actor, 'candidates');

  async function matchingIdOf(organizationId: string, vacancyId: string, applicantId: string): Promise<string> {
    // Another organisation's matching answers like an unknown one.
    const id = isUuid(vacancyId) ? await repo.findMatchingId(organizationId, vacancyId, applicantId) : null;
    if (!id) throw new AppError('NOT_FOUND', { message: FOLLOW_UP_MESSAGES.matchingNotFound });
    return id;
  }

  /** The note when it belongs to the user's organisation and was written by the user. */
  async function ownNote(user: SessionActor & { organizationId: string }, noteId: string) {
    const note = isUuid(noteId) ? await repo.findNote(noteId) : null;
    if (!note || note.organizationId !== user.organizationId)
      throw new AppError('NOT_FOUND', { message: FOLLOW_UP_MESSAGES.noteNotFound });
    if (note.authorUserId !== user.userId) throw new AppError('FORBIDDEN', { message: FOLLOW_UP_MESSAGES.notOwnNote });
    return note;
  }

  async function figures(organizationId: string): Promise<ResponseStats> {
    const since = new Date(deps.clock().getTime() - RESPONSE_STATS_WINDOW_DAYS * DAY_MS);
    const result = await repo.responseFigures(organizationId, since);
    return {
      windowDays: RESPONSE_STATS_WINDOW_DAYS,
      total: result.total,
      answered: result.answered,
      responseRate: result.total > 0 ? result.answered / result.total : null,
      medianAnswerHours: result.medianAnswerHours === null ? null : Math.round(result.medianAnswerHours * 10) / 10,
    };
  }

  return {
    async listNotes(
      actor: SessionActor | null,
      query: { vacancyId: string; applicantId: string },
    ): Promise<MatchingNotesResponse> {
      const user = organizationUser(actor);
      const matchingId = await matchingIdOf(user.organizationId, query.vacancyId, query.applicantId);
      return { notes: (await repo.listNotes(matchingId)).map((row) => toMatchingNote(row, user.userId)) };
    },

    async createNote(
      actor: SessionActor | null,
      input: { vacancyId: string; applicantId: string; text: string },
    ): Promise<MatchingNote> {
      const user = organizationUser(actor);
      const matchingId = await matchingIdOf(user.organizationId, input.vacancyId, input.applicantId);
      const id = await repo.insertNote({ matchingId, authorUserId: user.userId, text: input.text, now: deps.clock() });
      await deps.events.publish({ type: 'matching-note.changed', organizationId: user.organizationId, noteId: id });
      const note = await repo.findNote(id);
      if (!note) throw new AppError('NOT_FOUND', { message: FOLLOW_UP_MESSAGES.noteNotFound });
      return toMatchingNote(note, user.userId);
    },

    async updateNote(actor: SessionActor | null, noteId: string, text: string): Promise<MatchingNote> {
      const user = organizationUser(actor);
      await ownNote(user, noteId);
      if (!(await repo.updateOwnNote(noteId, user.userId, text, deps.clock())))
        throw new AppError('NOT_FOUND', { message: FOLLOW_UP_MESSAGES.noteNotFound });
      await deps.events.publish({ type: 'matching-note.changed', organizationId: user.organizationId, noteId });
      const note = await repo.findNote(noteId);
      if (!note) throw new AppError('NOT_FOUND', { message: FOLLOW_UP_MESSAGES.noteNotFound });
      return toMatchingNote(note, user.userId);
    },

    async deleteNote(actor: SessionActor | null, noteId: string): Promise<void> {
      const user = organizationUser(actor);
      await ownNote(user, noteId);
      if (!(await repo.deleteOwnNote(noteId, user.userId)))
        throw new AppError('NOT_FOUND', { message: FOLLOW_UP_MESSAGES.noteNotFound });
      await deps.events.publish({ type: 'matching-note.changed', organizationId: user.organizationId, noteId });
    },

    /** The own organisation's response rate and median answer time (last 90 days). */
    async responseStats(actor: SessionActor | null): Promise<ResponseStats> {
      return figures(organizationUser(actor).organizationId);
    },

    /** For the candidate API: "antwortet meist innerhalb von N Tagen", or null with too few answers. */
    async typicalAnswer(organizationId: string): Promise<OrganizationResponseTime> {
      const stats = await figures(organizationId);
      if (stats.answered < RESPONSE_TIME_MIN_ANSWERS || stats.medianAnswerHours === null) return null;
      const days = typicalAnswerDays(stats.medianAnswerHours);
      return { typicalAnswerDays: days, text: typicalAnswerText(days) };
    },

    async listDeadlines(actor: SessionActor | null): Promise<ResponseDeadlinesResponse> {
      const user = requireActor(actor, { legal: true, area: 'help' });
      if (!canManageResponseDeadlines(user)) throw new AppError('FORBIDDEN');
      const set = new Map((await repo.listDeadlines()).map((row) => [row.region, row.declineAfterDays]));
      return {
        defaultDays: RESPONSE_DEADLINE_DEFAULT_DAYS,
        deadlines: REGIONS.map((region) => {
          const days = set.get(region);
          return { region, declineAfterDays: days ?? RESPONSE_DEADLINE_DEFAULT_DAYS, isDefault: days === undefined };
        }),
      };
    },

    async setDeadline(
      actor: SessionActor | null,
      region: Region,
      declineAfterDays: number,
    ): Promise<ResponseDeadlinesResponse> {
      const user = requireActor(actor, { legal: true, area: 'help' });
      if (!canManageResponseDeadlines(user)) throw new AppError('FORBIDDEN');
      await repo.upsertDeadline(region, declineAfterDays, user.userId, deps.clock());
      await deps.events.publish({ type: 'response-deadline.changed', region });
      return this.listDeadlines(actor);
    },
  };
}

export type CandidateFollowUpService = ReturnType<typeof createCandidateFollowUpService>;

export interface AnswerDeadlineJobDeps {
  repository: CandidateFollowUpRepository;
  mailer: Mailer;
  publicUrl: string;
  supportEmail: string;
  clock: () => Date;
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** Automatic declines are told here after their commit (ADR 0092): counts and lists of both sides change. */
  events: DomainEventPublisher;
}

/**
 * One run of the answer-deadline job: first the automatic declines (so an overdue matching gets
 * no reminder), then one reminder mail per user of each organisation with newly overdue matchings.
 * Both steps claim their rows in one UPDATE, so two processes never act on a matching twice.
 */
export function createAnswerDeadlineJob(deps: AnswerDeadlineJobDeps) {
  return {
    async run(): Promise<{ declined: number; reminded: number; mails: number }> {
      const now = deps.clock();
      const declinedMatchings = await deps.repository.declineOverdue(now);
      if (declinedMatchings.length > 0)
        await deps.events.publish({ type: 'matchings.declined', matchings: declinedMatchings });
      const declined = declinedMatchings.length;
      const claimed = await deps.repository.claimReminders(
        now,
        new Date(now.getTime() - RESPONSE_REMINDER_AFTER_DAYS * DAY_MS),
      );
      if (claimed.length === 0) return { declined, reminded: 0, mails: 0 };
      const byOrganization = new Map<string, typeof claimed>();
      for (const item of claimed)
        byOrganization.set(item.organizationId, [...(byOrganization.get(item.organizationId) ?? []), item]);
      const recipients = await deps.repository.reminderRecipients([...byOrganization.keys()]);
      let mails = 0;
      for (const [organizationId, items] of byOrganization) {
        try {
          for (const recipient of recipients.filter((r) => r.organizationId === organizationId)) {
            await deps.mailer.send(
              await composeReminderMail({
                to: recipient.email,
                name: recipient.name,
                items,
                publicUrl: deps.publicUrl,
                supportEmail: deps.supportEmail,
              }),
            );
            mails++;
          }
        } catch (error) {
          // Give this organisation's claims back: the next run sends again (a colleague may get it twice, nobody none).
          deps.log?.error({ err: error, organizationId }, 'answer reminder mail failed');
          await deps.repository.releaseReminders(items.map((item) => item.id));
        }
      }
      return { declined, reminded: claimed.length, mails };
    },
  };
}

export type AnswerDeadlineJob = ReturnType<typeof createAnswerDeadlineJob>;
