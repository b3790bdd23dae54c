import { ROUTES, type SignInRequest, type signInRequestSchema } from '@matchwerk/shared';
import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '../../../lib/router';
import type { z } from 'zod';
import { PlainAlert } from '../../../components/plain/plain-alert';
import { PlainButton } from '../../../components/plain/plain-button';
import { PlainPasswordField, PlainTextField } from '../../../components/plain/plain-text-field';
import { isApiError } from '../../../lib/api-client';
import { authErrorMessage } from '../../../lib/auth-errors';
import { lazyResolver } from '../../../lib/form';
import { useTranslation } from '../../../lib/i18n';
import { dismissLoginPrerender, prerenderedLoginInput, replayPrerenderClick } from '../../../lib/login-prerender';
import { useUiStore } from '../../../stores/ui-store';
import { lazyThemed } from '../../../theme/lazy-themed';
import { useSignIn } from '../api/auth-api';
import { usePostLogin } from '../api/use-post-login';
import { LoginThrottledNotice } from './login-throttled-notice';

// Validation (zod) loads on the first check, not with the login screen (ADR 0032).
const signInResolver = lazyResolver(() => import('../api/auth-schemas').then((m) => m.signInResolver));

// The dialog (MUI's Dialog and theme) loads on first use, not with the login screen (ADR 0064).
const ForgotPasswordDialog = lazyThemed(() => import('./forgot-password-dialog').then((m) => m.ForgotPasswordDialog));

export interface LoginFormProps {
  initialEmail: string;
  redirectParam: string | null;
}

/** Path of the "please verify your e-mail" state of the Login screen (spec §2). */
export const EMAIL_VERIFY_PATH = `${ROUTES.Login.path}?emailVerify=true`;

export function LoginForm({ initialEmail, redirectParam }: LoginFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const postLogin = usePostLogin();
  const setApplicantRefused = useUiStore((s) => s.setApplicantRefused);
  const [serverError, setServerError] = useState<string | null>(null);
  /** The address the sign-in protection refused (offers the unlock link). */
  const [throttledEmail, setThrottledEmail] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  const form = useForm<z.input<typeof signInRequestSchema>, unknown, SignInRequest>({
    resolver: signInResolver,
    defaultValues: { email: initialEmail, password: '', rememberMe: false },
  });
  // Takes over the login prerendered into index.html (ADR 0061) in the commit that shows this
  // screen: read any earlier, input typed meanwhile would be lost.
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const before = prerenderedLoginInput();
    const formElement = formRef.current;
    if (!before || !formElement) return;
    dismissLoginPrerender();
    form.reset({ email: before.email || initialEmail, password: before.password, rememberMe: before.rememberMe });
    if (before.focused) formElement.querySelector<HTMLInputElement>(`input[name="${before.focused}"]`)?.focus();
    replayPrerenderClick(before.clicked, formElement);
  }, [form, initialEmail]);
  const { errors, isSubmitting } = form.formState;

  const goToEmailVerify = (email: string) => navigate(EMAIL_VERIFY_PATH, { state: { email } });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    setThrottledEmail(null);
    setApplicantRefused(false);
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') return goToEmailVerify(values.email);
      if (isApiError(error) && error.code === 'SIGN_IN_THROTTLED') return setThrottledEmail(values.email);
      setServerError(authErrorMessage(error));
      return;
    }
    try {
      const result = await postLogin(redirectParam);
      if (result === 'signedOut') setServerError(authErrorMessage(undefined));
      else if (result.kind === 'emailNotVerified') await goToEmailVerify(values.email);
    } catch (error) {
      console.error(error);
      setServerError(authErrorMessage(error));
    }
  });

  return (
    <>
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        {serverError && <PlainAlert severity="error">{serverError}</PlainAlert>}
        {throttledEmail && <LoginThrottledNotice key={throttledEmail} email={throttledEmail} />}
        <PlainTextField
          {...form.register('email')}
          label={t('common.emailLabel')}
          type="email"
          autoComplete="username"
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <PlainPasswordField
          {...form.register('password')}
          label={t('common.passwordLabel')}
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <div className="mw-form-row">
          <label className="mw-checkbox">
            <input type="checkbox" {...form.register('rememberMe')} />
            {t('auth.rememberMe')}
          </label>
          <PlainButton onClick={() => setForgotOpen(true)}>{t('auth.forgotPassword')}</PlainButton>
        </div>
        <PlainButton
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          loading={isSubmitting}
          style={{ marginTop: 16 }}
        >
          {t('auth.signIn')}
        </PlainButton>
      </form>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open
            onClose={() => setForgotOpen(false)}
            initialEmail={form.getValues('email') ?? ''}
          />
        </Suspense>
      )}
    </>
  );
}
