import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DEMO_OUTBOX_PAGE, ROUTES, UI_MESSAGES } from '@matchwerk/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { CenteredCard } from '../../../components/layout/centered-card';
import { AuthLegalLinks } from './auth-legal-links';
import { useConfig } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { useResendSignupConfirmation } from '../api/auth-api';
import { LoginForm } from './login-form';

// Sign-up is the rarer mode of this screen: its form loads when it shows (ADR 0032).
const SignupForm = lazy(() => import('./signup-form').then((m) => ({ default: m.SignupForm })));

export interface LoginScreenProps {
  mode: 'login' | 'signup';
}

function emailFromState(state: unknown): string {
  const email = typeof state === 'object' && state !== null ? (state as { email?: unknown }).email : undefined;
  return typeof email === 'string' ? email : '';
}

function EmailVerifyNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendSignupConfirmation();
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <Box>{UI_MESSAGES.emailNotVerified}</Box>
      {resend.isSuccess ? (
        <Box role="status" sx={{ mt: 1, fontWeight: 600 }}>
          {UI_MESSAGES.verificationResent}
        </Box>
      ) : (
        email && (
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            sx={{ mt: 1 }}
            loading={resend.isPending}
            onClick={() => resend.mutate(email)}
          >
            {t('auth.resendVerification')}
          </Button>
        )
      )}
      {resend.isError && <Box sx={{ mt: 1 }}>{t('feedback.loadFailed')}</Box>}
    </Alert>
  );
}

/** Login and Signup: one screen in two modes (spec §2). */
export function LoginScreen({ mode }: LoginScreenProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const config = useConfig();
  const applicantRefused = useUiStore((s) => s.applicantRefused);
  const stateEmail = emailFromState(location.state);
  const emailVerify = searchParams.get('emailVerify') === 'true';
  const redirect = searchParams.get('redirect');
  const isLogin = mode === 'login';

  return (
    <CenteredCard title={isLogin ? ROUTES.Login.title : ROUTES.Signup.title}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {isLogin ? t('auth.loginIntro') : t('auth.signupIntro')}
      </Typography>
      {isLogin && applicantRefused && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {UI_MESSAGES.applicantRefused}
        </Alert>
      )}
      {isLogin && emailVerify && <EmailVerifyNotice email={stateEmail} />}
      {isLogin ? (
        <LoginForm key={stateEmail} initialEmail={stateEmail} redirectParam={redirect} />
      ) : (
        <Suspense fallback={<CenteredProgress />}>
          <SignupForm />
        </Suspense>
      )}
      <Divider sx={{ my: 3 }} />
      <Box sx={{ textAlign: 'center' }}>
        {isLogin ? (
          <Link component={RouterLink} to={ROUTES.Signup.path}>
            {t('auth.toSignup')}
          </Link>
        ) : (
          <Link component={RouterLink} to={ROUTES.Login.path}>
            {t('auth.toLogin')}
          </Link>
        )}
      </Box>
      <AuthLegalLinks />
      {/* Last in the card: the config arrives after the first paint and must not push the form down. */}
      {config?.demoMailbox && (
        <Alert severity="info" variant="outlined" role="note" sx={{ mt: 3 }}>
          {t('auth.demoMailbox')}: <Link href={DEMO_OUTBOX_PAGE}>{t('auth.demoMailboxLink')}</Link>
        </Alert>
      )}
    </CenteredCard>
  );
}
