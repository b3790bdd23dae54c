import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ERROR_MESSAGES, UI_MESSAGES } from '@matchwerk/shared';
import { useTranslation } from '../../../lib/i18n';
import { authErrorMessage } from '../../../lib/auth-errors';
import { useRequestSignInUnlock } from '../api/auth-api';

/**
 * The sign-in protection refused this account on this browser (ADR 0013): explains it and
 * offers the mailed unlock link; resetting the password stays possible through the form.
 */
export function LoginThrottledNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  const unlock = useRequestSignInUnlock();
  return (
    <Alert severity="error" sx={{ mb: 1 }}>
      <Box>{ERROR_MESSAGES.SIGN_IN_THROTTLED}</Box>
      {unlock.isSuccess ? (
        <Box role="status" sx={{ mt: 1, fontWeight: 600 }}>
          {UI_MESSAGES.signInUnlockSent}
        </Box>
      ) : (
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          sx={{ mt: 1 }}
          loading={unlock.isPending}
          onClick={() => unlock.mutate(email)}
        >
          {t('auth.sendUnlockLink')}
        </Button>
      )}
      {unlock.isError && (
        <Box role="alert" sx={{ mt: 1 }}>
          {authErrorMessage(unlock.error)}
        </Box>
      )}
    </Alert>
  );
}
