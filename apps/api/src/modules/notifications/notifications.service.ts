/**
 * Notification mails for organisation users (new matchings, new candidate messages): at once
 * (a job per organisation shortly after the first event, so a burst becomes one mail), daily
 * at 07:00 and weekly on Monday 07:00 Europe/Berlin. The jobs live in src/jobs; this service
 * does one digest per user and window, exactly once (see NotificationsRepository.claimDigest).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer';
import { escapeHtml } from '../../mail/templates';
import { composeDigestMail, LOOKBACK_MS, scheduledWindowKey } from './digest';
import type { NotificationsRepository, Recipient } from './notifications.repository';
import { createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-token';

export interface NotificationsServiceDeps {
  repository: NotificationsRepository;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  supportEmail: string;
  clock: () => Date;
  log?: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

export type DigestOutcome = 'SENT' | 'NOTHING_NEW' | 'ALREADY_SENT';

export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { repository } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');

  function unsubscribeUrl(userId: string): string {
    return `${base}/rest/notifications/unsubscribe?token=${encodeURIComponent(createUnsubscribeToken(deps.secret, userId))}`;
  }

  /** One digest for one user and window: claim (exactly once), send, mark; a failed send gives the window back. */
  async function sendDigest(recipient: Recipient, windowKey: string, until: Date): Promise<DigestOutcome> {
    const claimed = await repository.claimDigest({ recipient, windowKey, until, lookbackMs: LOOKBACK_MS[recipient.interval] });
    if (!claimed) return 'NOTHING_NEW';
    const mail = composeDigestMail({
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
    async runScheduledDigests(interval: 'DAILY' | 'WEEKLY', at: Date = deps.clock()): Promise<Record<DigestOutcome, number>> {
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

    /** GET /rest/notifications/unsubscribe: a small German HTML page either way. */
    async unsubscribe(token: string): Promise<{ status: 200 | 400; html: string }> {
      const userId = readUnsubscribeToken(deps.secret, token);
      const done = userId ? await repository.unsubscribe(userId, deps.clock()) : false;
      const [title, text] = done
        ? ['Benachrichtigungen abbestellt', 'Sie erhalten ab sofort keine E-Mail-Benachrichtigungen mehr über neue Anfragen und Nachrichten. Sie können sie jederzeit wieder unter „Support & Einstellungen“ einschalten.']
        : ['Link ungültig', 'Dieser Abmeldelink ist ungültig. Sie können die Benachrichtigungen nach der Anmeldung unter „Support & Einstellungen“ ausschalten.'];
      const html = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – Matchwerk</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem;"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(`${base}/#/`)}">Zu Matchwerk</a></p></body></html>`;
      return { status: done ? 200 : 400, html };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
