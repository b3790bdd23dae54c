import {
  CANDIDATE_APP_CALL_TO_ACTION,
  CANDIDATE_APP_START_PATH,
  DEMO_OUTBOX_PAGE,
  ROUTES,
  UI_MESSAGES,
} from '@matchwerk/shared';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from '../../../lib/router';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { CenteredCard } from '../../../components/layout/centered-card';
import { PlainAlert } from '../../../components/plain/plain-alert';
import { PlainButton } from '../../../components/plain/plain-button';
import { useTranslation } from '../../../lib/i18n';
import { useConfig } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { useResendSignupConfirmation } from '../api/auth-api';
import { LegalLinks } from '../../../components/layout/legal-links';
import { LoginForm } from './login-form';

// Sign-up is the rarer mode of this screen: its form (and zod) loads when it shows (ADR 0032).
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
    <PlainAlert severity="warning" spaced>
      <div>{UI_MESSAGES.emailNotVerified}</div>
      {resend.isSuccess ? (
        <div role="status" className="mw-strong">
          {UI_MESSAGES.verificationResent}
        </div>
      ) : (
        email && (
          <PlainButton
            variant="outlined"
            size="small"
            inheritColor
            loading={resend.isPending}
            onClick={() => resend.mutate(email)}
          >
            {t('auth.resendVerification')}
          </PlainButton>
        )
      )}
      {resend.isError && <div>{t('feedback.loadFailed')}</div>}
    </PlainAlert>
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
      <p className="mw-secondary">{isLogin ? t('auth.loginIntro') : t('auth.signupIntro')}</p>
      {isLogin && applicantRefused && (
        <PlainAlert severity="info" role="status" spaced>
          {UI_MESSAGES.applicantRefused} <a href={CANDIDATE_APP_START_PATH}>{CANDIDATE_APP_CALL_TO_ACTION.appButton}</a>
        </PlainAlert>
      )}
      {isLogin && emailVerify && <EmailVerifyNotice email={stateEmail} />}
      {isLogin ? (
        <LoginForm key={stateEmail} initialEmail={stateEmail} redirectParam={redirect} />
      ) : (
        <Suspense fallback={<CenteredProgress />}>
          <SignupForm />
        </Suspense>
      )}
      <hr className="mw-divider" />
      <div className="mw-center">
        {isLogin ? (
          <RouterLink className="mw-link" to={ROUTES.Signup.path}>
            {t('auth.toSignup')}
          </RouterLink>
        ) : (
          <RouterLink className="mw-link" to={ROUTES.Login.path}>
            {t('auth.toLogin')}
          </RouterLink>
        )}
      </div>
      <LegalLinks />
      {/* Last in the card: the config arrives after the first paint and must not push the form down. */}
      {config?.demoMailbox && (
        <PlainAlert severity="info" outlined role="note">
          {t('auth.demoMailbox')}:{' '}
          <a className="mw-link" href={DEMO_OUTBOX_PAGE}>
            {t('auth.demoMailboxLink')}
          </a>
        </PlainAlert>
      )}
    </CenteredCard>
  );
}
