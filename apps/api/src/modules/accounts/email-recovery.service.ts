import { createHash, randomBytes } from 'node:crypto';
import type { Mailer } from '../../mail/mailer';
import { candidateActionUrl, candidateRecoverEmailMail } from '../../mail/candidate-templates';
import type { MailAudienceOf } from '../../mail/mail-audience';
import { authActionUrl, recoverEmailMail } from '../../mail/templates';
import type { EmailChangedEvent } from '../../plugins/auth-config';
import type { EmailRecoveryRepository } from './email-recovery.repository';

export const RECOVERY_TOKEN_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface EmailRecoveryDeps {
  repository: EmailRecoveryRepository;
  mailer: Mailer;
  publicUrl: string;
  supportEmail: string;
  clock: () => Date;
  /** Candidates get the mail in "du" with a link into /app/ (ADR 0102); default employer. */
  mailAudienceOf?: MailAudienceOf;
}

/** After an e-mail change, the old address gets a link that undoes it (3 days). */
export function createEmailRecoveryIssuer(deps: EmailRecoveryDeps) {
  return async (event: EmailChangedEvent): Promise<void> => {
    const token = randomBytes(32).toString('base64url');
    await deps.repository.insert(
      hashToken(token),
      { userId: event.userId, oldEmail: event.oldEmail, newEmail: event.newEmail },
      new Date(deps.clock().getTime() + RECOVERY_TOKEN_TTL_MS),
    );
    const mail = { to: event.oldEmail, name: event.name, supportEmail: deps.supportEmail, newEmail: event.newEmail };
    const audience = await deps.mailAudienceOf?.({ id: event.userId, email: event.oldEmail });
    await deps.mailer.send(
      audience === 'CANDIDATE'
        ? await candidateRecoverEmailMail({ ...mail, url: candidateActionUrl(deps.publicUrl, 'recoverEmail', token) })
        : await recoverEmailMail({ ...mail, url: authActionUrl(deps.publicUrl, 'recoverEmail', token) }),
    );
  };
}
