/**
 * Failed account mails for administrators (issue 49 item 6, ADR 0119): the list and "erneut
 * senden". Where failed mails live (pg-boss, server.ts) is behind `FailedMailStore`, so this
 * module does not know the job queue; without a store (tests, a process whose queue did not
 * start) the list says it is not available and there is nothing to send again.
 */
import { FAILED_MAIL_NOT_FOUND, type FailedMail, type FailedMailList } from '@matchwerk/shared';
import { requireActor, type SessionActor } from '../../access/actor';
import { AppError } from '../../errors/app-error';

export interface FailedMailStore {
  /** Whether the job queue runs in this process (its tables exist and can be read). */
  available(): boolean;
  /** Failed mails, newest first, at most `limit`. */
  list(limit: number): Promise<FailedMail[]>;
  /** Queues the mail again under a new job and removes the failed one; false when there is no such failed mail. */
  resend(id: string): Promise<boolean>;
}

export interface MailAdminServiceDeps {
  store?: FailedMailStore | undefined;
  limit: number;
}

export function createMailAdminService({ store, limit }: MailAdminServiceDeps) {
  function requireAdmin(actor: SessionActor | null): SessionActor {
    const user = requireActor(actor, { legal: true, area: 'help' });
    if (user.type !== 'ADMIN') throw new AppError('FORBIDDEN');
    return user;
  }

  return {
    async list(actor: SessionActor | null): Promise<FailedMailList> {
      requireAdmin(actor);
      if (!store?.available()) return { available: false, items: [] };
      return { available: true, items: await store.list(limit) };
    },

    async resend(actor: SessionActor | null, id: string): Promise<void> {
      requireAdmin(actor);
      // Without the queue the list is empty: nothing in it to send again (404, like an unknown id).
      if (!store?.available() || !(await store.resend(id))) {
        throw new AppError('NOT_FOUND', { message: FAILED_MAIL_NOT_FOUND });
      }
    },
  };
}

export type MailAdminService = ReturnType<typeof createMailAdminService>;
