import { ERROR_MESSAGES, UI_MESSAGES } from '@matchwerk/shared';
import { PlainAlert } from '../../../components/plain/plain-alert';
import { PlainButton } from '../../../components/plain/plain-button';
import { authErrorMessage } from '../../../lib/auth-errors';
import { useTranslation } from '../../../lib/i18n';
import { useRequestSignInUnlock } from '../api/auth-api';

/**
 * The sign-in protection refused this account on this browser (ADR 0013): explains it and
 * offers the mailed unlock link; resetting the password stays possible through the form.
 */
export function LoginThrottledNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  const unlock = useRequestSignInUnlock();
  return (
    <PlainAlert severity="error">
      <div>{ERROR_MESSAGES.SIGN_IN_THROTTLED}</div>
      {unlock.isSuccess ? (
        <div role="status" className="mw-strong">
          {UI_MESSAGES.signInUnlockSent}
        </div>
      ) : (
        <PlainButton
          variant="outlined"
          size="small"
          inheritColor
          loading={unlock.isPending}
          onClick={() => unlock.mutate(email)}
        >
          {t('auth.sendUnlockLink')}
        </PlainButton>
      )}
      {unlock.isError && <div role="alert">{authErrorMessage(unlock.error)}</div>}
    </PlainAlert>
  );
}
