/**
 * The candidate's notifications (issue 46 item 2, ADR 0099), run by the jobs in
 * `jobs/candidate-push-jobs.ts`:
 *
 * - `dispatch(notice)`: push on → one push job per device (held until 07:00 in quiet hours);
 *   no device or push off for the kind → an item for the fallback mail (if its e-mail is on);
 * - `deliver(job)`: one push with web-push; 404/410 deletes the subscription (and the notice
 *   falls back to mail when it was the last device); a 5xx or a network error throws (retry);
 * - `sendMail(userId)`: the batched fallback mail with everything collected since the last one.
 */
import type { Mailer } from '../../mail/mailer';
import { candidateAppPath, pushOptions, pushPayload, type CandidateNotice } from './candidate-notices';
import { composeCandidateMail } from './candidate-mail';
import type { PushSender } from './push-sender';
import type { CandidateRecipient, PushRepository } from './push.repository';
import { quietHoursByDefault, quietHoursEnd } from './quiet-hours';
import { createCandidateUnsubscribeToken } from './unsubscribe-token';

/** A burst (several messages of a chat) becomes one mail: the mail job waits this long after the first item. */
export const CANDIDATE_MAIL_DELAY_SECONDS = 10 * 60;

export interface PushJob {
  subscriptionId: string;
  notice: CandidateNotice;
  /** The JSON the device gets (encrypted by web-push). */
  payload: string;
}

/** Where dispatch puts its work (pg-boss in the server; tests run it directly). */
export interface NoticeSchedule {
  push(jobs: PushJob[], startAfter: Date | null): Promise<void>;
  mail(userId: string, startAfter: Date): Promise<void>;
}

export interface CandidateNotifierDeps {
  repository: PushRepository;
  send: PushSender;
  schedule: NoticeSchedule;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  supportEmail: string;
  clock: () => Date;
  log?: { error(details: object, message: string): void; warn(details: object, message: string): void };
}

export type DispatchOutcome = 'PUSH' | 'MAIL' | 'NONE';
export type DeliverOutcome = 'DELIVERED' | 'GONE' | 'REJECTED';

export function createCandidateNotifier(deps: CandidateNotifierDeps) {
  const { repository } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');

  /** Until when this candidate's notices wait (quiet hours), or null. */
  function heldUntil(recipient: CandidateRecipient, at: Date): Date | null {
    const quiet = recipient.settings.quietHours ?? quietHoursByDefault(recipient.dateOfBirth, at);
    return quiet ? quietHoursEnd(at) : null;
  }

  async function fallBackToMail(recipient: CandidateRecipient, notice: CandidateNotice): Promise<DispatchOutcome> {
    if (!recipient.settings.email[notice.kind]) return 'NONE';
    const now = deps.clock();
    await repository.addMailItem(recipient.userId, notice.kind, notice.organizationId);
    const soonest = new Date(now.getTime() + CANDIDATE_MAIL_DELAY_SECONDS * 1000);
    const held = heldUntil(recipient, now);
    await deps.schedule.mail(recipient.userId, held && held > soonest ? held : soonest);
    return 'MAIL';
  }

  function unsubscribeUrl(userId: string, kinds: Parameters<typeof createCandidateUnsubscribeToken>[2]): string {
    const token = createCandidateUnsubscribeToken(deps.secret, userId, kinds);
    return `${base}/rest/applicant-notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  }

  return {
    unsubscribeUrl,

    /**
     * A batch of notices in a few queries (recipients, devices, company names): pushes for the
     * devices (held in quiet hours), else the fallback mail. `schedule`: where the pushes go.
     */
    async dispatchMany(
      notices: readonly CandidateNotice[],
      schedule: NoticeSchedule = deps.schedule,
    ): Promise<DispatchOutcome[]> {
      const userIds = notices.map((notice) => notice.applicantId);
      const [recipients, devices, companies] = await Promise.all([
        repository.recipients(userIds),
        repository.subscriptionsOfMany(userIds),
        repository.companyNames(notices.map((notice) => notice.organizationId)),
      ]);
      const now = deps.clock();
      const outcomes: DispatchOutcome[] = [];
      for (const notice of notices) {
        const recipient = recipients.get(notice.applicantId);
        if (!recipient) {
          outcomes.push('NONE');
          continue;
        }
        const subscriptions = devices.get(recipient.userId) ?? [];
        if (recipient.settings.push[notice.kind] && subscriptions.length > 0) {
          const payload = JSON.stringify(pushPayload(notice, companies.get(notice.organizationId) ?? null));
          await schedule.push(
            subscriptions.map((subscription) => ({ subscriptionId: subscription.id, notice, payload })),
            heldUntil(recipient, now),
          );
          outcomes.push('PUSH');
        } else outcomes.push(await fallBackToMail(recipient, notice));
      }
      return outcomes;
    },

    async dispatch(notice: CandidateNotice, schedule: NoticeSchedule = deps.schedule): Promise<DispatchOutcome> {
      const [outcome] = await this.dispatchMany([notice], schedule);
      return outcome!;
    },

    /**
     * Pushes side by side, one to each device: each answer settles its own job (a thrown error
     * means "ask the push service again later"); the delivered ones are marked in one update.
     */
    async deliverMany(jobs: readonly PushJob[]): Promise<PromiseSettledResult<DeliverOutcome>[]> {
      const subscriptions = await repository.findSubscriptions(jobs.map((job) => job.subscriptionId));
      const delivered: string[] = [];
      const results = await Promise.allSettled(
        jobs.map(async (job): Promise<DeliverOutcome> => {
          const subscription = subscriptions.get(job.subscriptionId);
          // Unsubscribed (or the user deleted) since the job was queued: nothing to do.
          if (!subscription) return 'GONE';
          const outcome = await deps.send(subscription, job.payload, pushOptions(job.notice));
          if (outcome === 'DELIVERED') delivered.push(subscription.id);
          else if (outcome === 'GONE') {
            await repository.deleteSubscriptionById(subscription.id);
            // That was the last device: the notice goes by mail instead.
            if ((await repository.countSubscriptions(subscription.userId)) === 0) {
              const recipient = await repository.recipient(subscription.userId);
              if (recipient) await fallBackToMail(recipient, job.notice);
            }
          } else deps.log?.warn({ subscriptionId: subscription.id }, 'push service refused the push for good');
          return outcome;
        }),
      );
      await repository.markDeliveredMany(delivered, deps.clock());
      return results;
    },

    /** One push to one device; throws when the push service should be asked again later. */
    async deliver(job: PushJob): Promise<DeliverOutcome> {
      const [result] = await this.deliverMany([job]);
      if (result!.status === 'rejected') throw result!.reason;
      return result!.value;
    },

    /** The fallback mail of one candidate: everything collected, once; quiet hours move it to 07:00. */
    async sendMail(userId: string): Promise<number> {
      const recipient = await repository.recipient(userId);
      if (!recipient) return 0;
      const now = deps.clock();
      const held = heldUntil(recipient, now);
      if (held) {
        await deps.schedule.mail(userId, held);
        return 0;
      }
      const items = (await repository.claimMailItems(userId, now)).filter(
        (item) => recipient.settings.email[item.kind],
      );
      if (items.length === 0) return 0;
      const mail = await composeCandidateMail({
        to: recipient.email,
        firstName: recipient.firstName,
        items,
        publicUrl: deps.publicUrl,
        unsubscribeUrl: (kinds) => unsubscribeUrl(userId, kinds),
        supportEmail: deps.supportEmail,
      });
      try {
        await deps.mailer.send(mail);
      } catch (error) {
        await repository.releaseMailItems(userId, now);
        throw error;
      }
      return items.length;
    },

    /** For tests and the bench: the path a notice opens. */
    appPath: candidateAppPath,
  };
}

export type CandidateNotifier = ReturnType<typeof createCandidateNotifier>;
