import type { ConsentBlockedAction } from '@matchwerk/shared';
import { CONSENT_NOTICE_ID, consentNotice } from '../lib/consent';
import { hashOf } from '../lib/routes';
import { useSession } from '../lib/session';

/**
 * Whether the parental consent blocks `action` for the signed-in candidate, and why (ADR 0097).
 * `describedBy` goes on the blocked controls, so the reason is read out with them.
 */
export function useConsentBlock(action: ConsentBlockedAction): {
  blocked: boolean;
  message: string | null;
  describedBy: string | undefined;
} {
  const session = useSession();
  const message = session.status === 'signed-in' ? consentNotice(session.consent, action) : null;
  return { blocked: message !== null, message, describedBy: message ? CONSENT_NOTICE_ID : undefined };
}

/** The friendly notice above blocked buttons: the server's words and the way to the parent's mail. */
export function ConsentNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div id={CONSENT_NOTICE_ID} className="notice consent-notice">
      <p>{message}</p>
      <p>
        Stellen ansehen kannst du schon. <a href={hashOf({ name: 'einstellungen' })}>Zur Zustimmung deiner Eltern</a>
      </p>
    </div>
  );
}
