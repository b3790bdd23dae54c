/**
 * Notification mails for organisation users (new matchings, new candidate messages): at once
 * (a job per organisation shortly after the first event, so a burst becomes one mail), daily
 * at 07:00 and weekly on Monday 07:00 Europe/Berlin. The jobs live in src/jobs; this service
 * does one digest per user and window, exactly once (see NotificationsRepository.claimDigest).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer';
import { LOOKBACK_MS, scheduledWindowKey } from './digest';
import { composeDigestMail } from './digest-mail';
import type { NotificationsRepository, Recipient } from './notifications.repository';
import { renderUnsubscribePage } from './unsubscribe-page';
import { createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-token';

export interface NotificationsServiceDeps {
  repository: NotificationsRepository;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  supportEmail: string;
  /** Announces that the user's settings changed, so cached sessions read them again. */
  userChanged: (userId: string) => Promise<void>;
  clock: () => Date;
  log?: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

export type DigestOutcome = 'SENT' | 'NOTHING_NEW' | 'ALREADY_SENT';

export interface UnsubscribePageResult {
  status: number;
  html: string;
}

export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { repository } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');

  const appUrl = `${base}/#/`;

  /** The page for a refused request (bad or over-long token, malformed body: 4xx) or a failure (5xx). */
  function unsubscribeErrorPage(status = 400): UnsubscribePageResult {
    return { status, html: renderUnsubscribePage({ kind: status >= 500 ? 'FAILED' : 'INVALID', appUrl }) };
  }

  function unsubscribeUrl(userId: string): string {
    return `${base}/rest/notifications/unsubscribe?token=${encodeURIComponent(createUnsubscribeToken(deps.secret, userId))}`;
  }

  /** One digest for one user and window: claim (exactly once), send, mark; a failed send gives the window back. */
  async function sendDigest(recipient: Recipient, windowKey: string, until: Date): Promise<DigestOutcome> {
    const claimed = await repository.claimDigest({
      recipient,
      windowKey,
      until,
      lookbackMs: LOOKBACK_MS[recipient.interval],
    });
    if (!claimed) return 'NOTHING_NEW';
    const mail = await composeDigestMail({
      to: recipient.email,
      name: recipient.name,
      interval: recipient.interval,
      matchings: claimed.matchings,
      chats: claimed.chats,
      publicUrl: deps.publicUrl,
      unsubscribeUrl: unsubscribeUrl(recipient.userId),
      supportEmail: deps.supportEmail,
    });
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      await repository.release(recipient.userId, windowKey);
      throw error;
    }
    await repository.markSent(recipient.userId, windowKey, deps.clock());
    return 'SENT';
  }

  return {
    unsubscribeUrl,
    sendDigest,

    /** The DAILY or WEEKLY run: one digest per recipient for the window of `at`. */
    async runScheduledDigests(
      interval: 'DAILY' | 'WEEKLY',
      at: Date = deps.clock(),
    ): Promise<Record<DigestOutcome, number>> {
      const counts: Record<DigestOutcome, number> = { SENT: 0, NOTHING_NEW: 0, ALREADY_SENT: 0 };
      const windowKey = scheduledWindowKey(interval, at);
      for (const recipient of await repository.findRecipients(interval)) {
        try {
          counts[await sendDigest(recipient, windowKey, at)]++;
        } catch (error) {
          // One bad address must not stop the others; the failed window stays open for the next run.
          deps.log?.error({ err: error, userId: recipient.userId }, 'notification digest failed');
        }
      }
      return counts;
    },

    /**
     * The IMMEDIATELY run for one organisation (a job shortly after its first new event). The
     * window key is the job id: a redelivered job finds its window taken and sends nothing.
     */
    async runImmediate(organizationId: string, jobId: string, at: Date = deps.clock()): Promise<number> {
      let sent = 0;
      for (const recipient of await repository.findImmediateRecipients(organizationId)) {
        if ((await sendDigest(recipient, `IMMEDIATELY:${jobId}`, at)) === 'SENT') sent++;
      }
      return sent;
    },

    /** GET /rest/notifications/unsubscribe: the page with the button; changes nothing (link scanners open links). */
    unsubscribePage(token: string): UnsubscribePageResult {
      const valid = readUnsubscribeToken(deps.secret, token) !== null;
      return valid
        ? { status: 200, html: renderUnsubscribePage({ kind: 'CONFIRM', appUrl, token }) }
        : unsubscribeErrorPage();
    },

    /** POST /rest/notifications/unsubscribe (the page's button or a mail provider's RFC 8058 one-click): turns mails off. */
    async unsubscribe(token: string): Promise<UnsubscribePageResult> {
      const userId = readUnsubscribeToken(deps.secret, token);
      const done = userId ? await repository.unsubscribe(userId, deps.clock()) : false;
      if (done && userId) await deps.userChanged(userId);
      return done ? { status: 200, html: renderUnsubscribePage({ kind: 'DONE', appUrl }) } : unsubscribeErrorPage();
    },

    unsubscribeErrorPage,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
