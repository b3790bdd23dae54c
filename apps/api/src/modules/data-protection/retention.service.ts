/**
 * Retention (issue #14, ADR 0046): the administrators' periods, and the daily run that
 * 1. announces matchings and chats due within RETENTION_NOTICE_DAYS to their organisation (one
 *    mail per organisation and run, each item once: retention_notices),
 * 2. deletes matchings and chats that are due and were announced at least RETENTION_NOTICE_DAYS
 *    ago (so a shortened period never deletes without the mail first),
 * 3. tells candidates who will be inactive for the candidates' period within RETENTION_NOTICE_DAYS
 *    (one mail per inactivity spell: candidate_retention_notices),
 * 4. deletes candidates inactive for that period whose notice is at least RETENTION_NOTICE_DAYS
 *    old and still counts (no activity since), with their photo files.
 * Batched (each batch its own short transaction), logged with counts only, audited once per run
 * with counts only. The statistics summaries keep the deleted rows' figures (migration 0015).
 */
import {
  candidateAppUrl,
  RETENTION_NOTICE_DAYS,
  type RetentionSettings,
  type RetentionSettingsInput,
} from '@matchwerk/shared';
import type { FastifyBaseLogger } from 'fastify';
import { requireActor, type SessionActor } from '../../access/actor';
import type { DomainEventPublisher } from '../../events/domain-events';
import { AppError } from '../../errors/app-error';
import type { Mailer } from '../../mail/mailer';
import type { RetentionSettingsRow } from '../../db/schema/index';
import { composeCandidateRetentionMail } from './candidate-retention-mail';
import { composeRetentionMail } from './retention-mail';
import type { NoticedCandidate, NoticedItem, RetentionRepository } from './retention.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
export const RETENTION_BATCH_SIZE = 500;

export interface RetentionRunResult {
  noticedMatchings: number;
  noticedChats: number;
  noticedOrganizations: number;
  /** Organisations whose mail failed (their notices were taken back; the next run tries again). */
  failedMails: number;
  /** Candidates told this run that their account will be deleted. */
  noticedCandidates: number;
  /** Candidates whose mail failed (not noticed; the next run tries again). */
  failedCandidateMails: number;
  deletedMatchings: number;
  deletedChats: number;
  deletedCandidates: number;
  deletedPhotos: number;
}

export interface RetentionServiceDeps {
  repository: RetentionRepository;
  mailer: Mailer;
  publicUrl: string;
  supportEmail: string;
  clock: () => Date;
  /** Removes photo files after the deleting transaction committed (images service). */
  discardFiles: (keys: readonly string[]) => Promise<void>;
  /** Cached sessions and chat versions of deleted candidates (optional outside the app). */
  candidatesDeleted?: (deleted: {
    ids: string[];
    chats: { organizationId: string; applicantId: string }[];
  }) => Promise<void>;
  /** Deleted chats are told here after their commit (ADR 0092): counts and lists of both sides change. */
  events: DomainEventPublisher;
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
  batchSize?: number;
}

function toSettings(row: RetentionSettingsRow): RetentionSettings {
  return {
    matchingRetentionMonths: row.matchingRetentionMonths,
    candidateInactivityMonths: row.candidateInactivityMonths,
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** `at` minus whole calendar months (as PostgreSQL's interval arithmetic, in UTC). */
function monthsBefore(at: Date, months: number): Date {
  const result = new Date(at.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export function createRetentionService(deps: RetentionServiceDeps) {
  const { repository } = deps;
  const batchSize = deps.batchSize ?? RETENTION_BATCH_SIZE;

  function requireAdmin(actor: SessionActor | null): SessionActor {
    const user = requireActor(actor, { legal: true, area: 'help' });
    if (user.type !== 'ADMIN') throw new AppError('FORBIDDEN');
    return user;
  }

  async function noticeAll(now: Date, months: number): Promise<NoticedItem[]> {
    const horizon = new Date(now.getTime() + RETENTION_NOTICE_DAYS * DAY_MS);
    const noticed: NoticedItem[] = [];
    for (;;) {
      const batch = await repository.noticeMatchings(now, horizon, months, batchSize);
      noticed.push(...batch);
      if (batch.length < batchSize) break;
    }
    for (;;) {
      const batch = await repository.noticeChats(now, horizon, months, batchSize);
      noticed.push(...batch);
      if (batch.length < batchSize) break;
    }
    return noticed;
  }

  /** One mail per organisation with new notices; a failed mail takes its notices back. */
  async function mailNotices(
    now: Date,
    months: number,
    noticed: NoticedItem[],
  ): Promise<{ organizations: number; failed: number }> {
    const byOrganization = new Map<string, { matchingsByPosting: Map<string, number>; chats: number }>();
    for (const item of noticed) {
      const entry = byOrganization.get(item.organizationId) ?? {
        matchingsByPosting: new Map<string, number>(),
        chats: 0,
      };
      if (item.kind === 'chat') entry.chats += 1;
      else
        entry.matchingsByPosting.set(
          item.vacancyTitle ?? '',
          (entry.matchingsByPosting.get(item.vacancyTitle ?? '') ?? 0) + 1,
        );
      byOrganization.set(item.organizationId, entry);
    }
    const deleteFrom = new Date(now.getTime() + RETENTION_NOTICE_DAYS * DAY_MS);
    let failed = 0;
    for (const [organizationId, items] of byOrganization) {
      const recipients = await repository.recipientsOf(organizationId);
      // Nobody to tell (no user, no contact address): the notices stand, deletion follows on schedule.
      if (!recipients || recipients.to.length === 0) continue;
      try {
        await deps.mailer.send(
          await composeRetentionMail({
            to: recipients.to,
            organizationName: recipients.organizationName,
            matchingsByPosting: items.matchingsByPosting,
            chats: items.chats,
            deleteFrom,
            months,
            publicUrl: deps.publicUrl,
            supportEmail: deps.supportEmail,
          }),
        );
      } catch (error) {
        failed += 1;
        deps.log?.error({ err: error, organizationId }, 'retention: notice mail failed, notices withdrawn');
        await repository.withdrawNotices(organizationId, now);
      }
    }
    return { organizations: byOrganization.size, failed };
  }

  /** Notices the candidates due by the horizon, in batches; answers them. */
  async function noticeCandidates(now: Date, months: number): Promise<NoticedCandidate[]> {
    const horizon = new Date(now.getTime() + RETENTION_NOTICE_DAYS * DAY_MS);
    const inactiveSince = monthsBefore(horizon, months);
    const noticed: NoticedCandidate[] = [];
    for (;;) {
      const batch = await repository.noticeCandidates(now, inactiveSince, batchSize);
      noticed.push(...batch);
      if (batch.length < batchSize) break;
    }
    return noticed;
  }

  /** One mail per noticed candidate; a failed mail takes the notice back. Answers the failures. */
  async function mailCandidates(now: Date, months: number, noticed: NoticedCandidate[]): Promise<number> {
    const deleteOn = new Date(now.getTime() + RETENTION_NOTICE_DAYS * DAY_MS);
    let failed = 0;
    for (const candidate of noticed) {
      try {
        await deps.mailer.send(
          await composeCandidateRetentionMail({
            to: candidate.email,
            name: candidate.name,
            deleteOn,
            months,
            signInUrl: candidateAppUrl(deps.publicUrl, 'signIn'),
            supportEmail: deps.supportEmail,
          }),
        );
      } catch {
        // Counted, not logged one by one: a transport error may quote the recipient's address.
        failed += 1;
        await repository.withdrawCandidateNotice(candidate.id, now);
      }
    }
    if (failed > 0)
      deps.log?.error({ failedCandidateMails: failed }, 'retention: candidate notice mails failed, notices withdrawn');
    return failed;
  }

  return {
    async getSettings(actor: SessionActor | null): Promise<RetentionSettings> {
      requireAdmin(actor);
      return toSettings(await repository.getSettings());
    },

    async updateSettings(actor: SessionActor | null, input: RetentionSettingsInput): Promise<RetentionSettings> {
      const user = requireAdmin(actor);
      const row = await repository.updateSettings(input, user.userId, deps.clock(), (before, after) => ({
        actor: { userId: user.userId, email: user.email },
        action: 'retention.settings_changed',
        target: { type: 'retention', id: 'settings', label: 'Aufbewahrungsfristen' },
        regions: [],
        before: {
          matchingRetentionMonths: before.matchingRetentionMonths,
          candidateInactivityMonths: before.candidateInactivityMonths,
        },
        after: {
          matchingRetentionMonths: after.matchingRetentionMonths,
          candidateInactivityMonths: after.candidateInactivityMonths,
        },
      }));
      return toSettings(row);
    },

    /** The daily run; safe to run again at any time (each step only does what is left). */
    async run(): Promise<RetentionRunResult> {
      const now = deps.clock();
      const settings = await repository.getSettings();
      const months = settings.matchingRetentionMonths;

      const noticed = await noticeAll(now, months);
      const mails = await mailNotices(now, months, noticed);

      const noticedBefore = new Date(now.getTime() - RETENTION_NOTICE_DAYS * DAY_MS);
      let deletedMatchings = 0;
      for (;;) {
        const count = await repository.deleteDueMatchings(now, noticedBefore, months, batchSize);
        deletedMatchings += count;
        if (count < batchSize) break;
      }
      let deletedChats = 0;
      for (;;) {
        const chats = await repository.deleteDueChats(now, noticedBefore, months, batchSize);
        deletedChats += chats.length;
        if (chats.length > 0) await deps.events.publish({ type: 'chats.deleted', chats });
        if (chats.length < batchSize) break;
      }

      const noticedCandidates = await noticeCandidates(now, settings.candidateInactivityMonths);
      const failedCandidateMails = await mailCandidates(now, settings.candidateInactivityMonths, noticedCandidates);

      const inactiveSince = monthsBefore(now, settings.candidateInactivityMonths);
      let deletedCandidates = 0;
      let deletedPhotos = 0;
      for (;;) {
        const deleted = await repository.deleteInactiveCandidates(inactiveSince, noticedBefore, batchSize);
        deletedCandidates += deleted.ids.length;
        deletedPhotos += deleted.storageKeys.length;
        await deps.discardFiles(deleted.storageKeys);
        if (deleted.ids.length > 0) await deps.candidatesDeleted?.({ ids: deleted.ids, chats: deleted.chats });
        if (deleted.ids.length < batchSize) break;
      }

      const result: RetentionRunResult = {
        noticedMatchings: noticed.filter((item) => item.kind === 'matching').length,
        noticedChats: noticed.filter((item) => item.kind === 'chat').length,
        noticedOrganizations: mails.organizations,
        failedMails: mails.failed,
        noticedCandidates: noticedCandidates.length - failedCandidateMails,
        failedCandidateMails,
        deletedMatchings,
        deletedChats,
        deletedCandidates,
        deletedPhotos,
      };
      deps.log?.info(
        {
          retention: result,
          matchingRetentionMonths: months,
          candidateInactivityMonths: settings.candidateInactivityMonths,
        },
        'retention run finished',
      );
      if (Object.values(result).some((value) => value > 0)) {
        await repository.recordRun({
          actor: null,
          action: 'retention.executed',
          target: { type: 'retention', id: now.toISOString().slice(0, 10), label: 'Fristgerechte Löschung' },
          regions: [],
          after: {
            ...result,
            matchingRetentionMonths: months,
            candidateInactivityMonths: settings.candidateInactivityMonths,
          },
        });
      }
      return result;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
