/**
 * The candidate's side of notifications (routes): this device's push subscription, the VAPID
 * public key, the settings per kind, and the fallback mail's unsubscribe pages.
 */
import {
  CANDIDATE_NOTIFICATION_KINDS,
  CANDIDATE_QUIET_HOURS,
  type CandidateNotificationSettings,
  type CandidateNotificationSettingsInput,
  type PushSubscriptionInput,
} from '@matchwerk/shared';
import { requireActor, type SessionActor } from '../../access/actor';
import { AppError } from '../../errors/app-error';
import { kindList } from './candidate-mail';
import type { PushRepository } from './push.repository';
import { quietHoursByDefault } from './quiet-hours';
import { renderCandidateUnsubscribePage } from './unsubscribe-page';
import { readCandidateUnsubscribeToken } from './unsubscribe-token';

export interface PushServiceDeps {
  repository: PushRepository;
  vapidPublicKey: string;
  secret: string;
  publicUrl: string;
  clock: () => Date;
}

export interface UnsubscribePageResult {
  status: number;
  html: string;
}

export function createPushService(deps: PushServiceDeps) {
  const { repository } = deps;
  const appUrl = `${deps.publicUrl.replace(/\/+$/, '')}/app/`;

  function requireCandidate(actor: SessionActor | null): SessionActor {
    return requireActor(actor, { applicant: true, legal: true });
  }

  async function settingsOf(userId: string): Promise<CandidateNotificationSettings> {
    const [stored, recipient, pushDevices] = await Promise.all([
      repository.settingsOf(userId),
      repository.recipient(userId),
      repository.countSubscriptions(userId),
    ]);
    return {
      push: stored.push,
      email: stored.email,
      quietHours: stored.quietHours ?? quietHoursByDefault(recipient?.dateOfBirth ?? null, deps.clock()),
      quietHoursWindow: { ...CANDIDATE_QUIET_HOURS },
      pushDevices,
    };
  }

  function errorPage(status = 400): UnsubscribePageResult {
    return { status, html: renderCandidateUnsubscribePage({ kind: status >= 500 ? 'FAILED' : 'INVALID', appUrl }) };
  }

  return {
    pushConfig(actor: SessionActor | null) {
      requireCandidate(actor);
      return { vapidPublicKey: deps.vapidPublicKey };
    },

    async subscribe(actor: SessionActor | null, input: PushSubscriptionInput) {
      const user = requireCandidate(actor);
      // Tied to this sign-in: signing out here (or from another device) removes it (migration 0031).
      const row = await repository.saveSubscription({
        userId: user.userId,
        sessionId: user.sessionId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh.replace(/=+$/, ''),
        auth: input.keys.auth.replace(/=+$/, ''),
      });
      return {
        endpoint: row.endpoint,
        createdAt: row.createdAt.toISOString(),
        lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
      };
    },

    async deleteSubscription(actor: SessionActor | null, endpoint: string): Promise<void> {
      const user = requireCandidate(actor);
      if (!(await repository.deleteSubscription(user.userId, endpoint)))
        throw new AppError('NOT_FOUND', { message: 'Für dieses Gerät ist keine Push-Benachrichtigung eingerichtet.' });
    },

    async settings(actor: SessionActor | null): Promise<CandidateNotificationSettings> {
      return settingsOf(requireCandidate(actor).userId);
    },

    async saveSettings(
      actor: SessionActor | null,
      input: CandidateNotificationSettingsInput,
    ): Promise<CandidateNotificationSettings> {
      const user = requireCandidate(actor);
      await repository.saveSettings(user.userId, input, deps.clock());
      return settingsOf(user.userId);
    },

    /** GET: the page with the button; changes nothing (link scanners open links). */
    unsubscribeMailPage(token: string): UnsubscribePageResult {
      const read = readCandidateUnsubscribeToken(deps.secret, token);
      if (!read) return errorPage();
      return {
        status: 200,
        html: renderCandidateUnsubscribePage({ kind: 'CONFIRM', what: kindList(read.kinds), appUrl, token }),
      };
    },

    /** POST (the button or a mail provider's RFC 8058 one-click): turns the token's kinds of mail off. */
    async unsubscribeMail(token: string): Promise<UnsubscribePageResult> {
      const read = readCandidateUnsubscribeToken(deps.secret, token);
      if (!read) return errorPage();
      for (const kind of read.kinds) {
        if (!(await repository.turnEmailOff(read.userId, kind, deps.clock()))) return errorPage();
      }
      return {
        status: 200,
        html: renderCandidateUnsubscribePage({ kind: 'DONE', what: kindList(read.kinds), appUrl }),
      };
    },

    errorPage,
    kinds: CANDIDATE_NOTIFICATION_KINDS,
  };
}

export type PushService = ReturnType<typeof createPushService>;
