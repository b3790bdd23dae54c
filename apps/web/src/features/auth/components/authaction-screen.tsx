import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AUTH_ACTION_MODES,
  PASSWORD_MESSAGES,
  passwordSchema,
  ROUTES,
  UI_MESSAGES,
  type AuthActionMode,
} from '@matchwerk/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from '../../../lib/router';
import { z } from 'zod';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { CenteredCard } from '../../../components/layout/centered-card';
import { authErrorMessage, authProviderCodeOf } from '../../../lib/auth-errors';
import { i18n, useTranslation } from '../../../lib/i18n';
import { currentUserQueryOptions, useSupportEmail } from '../../../lib/session';
import {
  recoverEmailQueryOptions,
  signInUnlockQueryOptions,
  useResetPassword,
  verifyEmailQueryOptions,
} from '../api/auth-api';
import { resetPasswordStatusQueryOptions } from '../api/reset-password-status';
import { usePostLogin } from '../api/use-post-login';
import { LegalLinks } from '../../../components/layout/legal-links';
import { ForgotPasswordDialog } from './forgot-password-dialog';

function isAuthActionMode(value: string | null): value is AuthActionMode {
  return (AUTH_ACTION_MODES as readonly string[]).includes(value ?? '');
}

/**
 * Mode and token come from the hash route's search (`/#/authaction?mode=…&token=…`); the auth
 * server's own reset redirect puts `?token=` before the hash, which then means resetPassword.
 */
export function readAuthAction(
  hashParams: URLSearchParams,
  pageSearch: string,
): { mode: AuthActionMode | null; token: string | null; email: string; linkExpired: boolean } {
  const pageParams = new URLSearchParams(pageSearch);
  const token = hashParams.get('token') ?? pageParams.get('token');
  // The auth server's reset redirect answers a used or expired token with `?error=INVALID_TOKEN`.
  const linkExpired = pageParams.get('error') === 'INVALID_TOKEN';
  const rawMode =
    hashParams.get('mode') ??
    pageParams.get('mode') ??
    (pageParams.get('token') || linkExpired ? 'resetPassword' : null);
  return {
    mode: isAuthActionMode(rawMode) ? rawMode : null,
    token: token || null,
    email: hashParams.get('email') ?? '',
    linkExpired,
  };
}

function ToLoginButton() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={ROUTES.Login.path} variant="contained" sx={{ mt: 3 }}>
      {t('common.toLogin')}
    </Button>
  );
}

function InvalidLink() {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  return (
    <>
      <Alert severity="error">{t('authaction.invalidLink', { email: supportEmail })}</Alert>
      <ToLoginButton />
    </>
  );
}

function VerifyEmailAction({ token, mode }: { token: string; mode: 'verifyEmail' | 'confirmEmailChange' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const postLogin = usePostLogin();
  const navigate = useNavigate();
  const [continuing, setContinuing] = useState(false);
  const verify = useQuery(verifyEmailQueryOptions(token));

  useEffect(() => {
    // Verifying signs the user in: the cached "signed out" answer is stale now.
    if (verify.isSuccess) void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions.queryKey });
  }, [verify.isSuccess, queryClient]);

  if (verify.isPending) return <CenteredProgress />;
  if (verify.isError) return <InvalidLink />;
  if (mode === 'confirmEmailChange') {
    return (
      <Alert severity="success" role="status">
        <AlertTitle>{t('authaction.emailChangeTitle')}</AlertTitle>
        {t('authaction.emailChangeText')}
      </Alert>
    );
  }

  const onContinue = async () => {
    setContinuing(true);
    try {
      const result = await postLogin(null);
      if (result === 'signedOut') await navigate(ROUTES.Login.path);
    } finally {
      setContinuing(false);
    }
  };

  return (
    <>
      <Alert severity="success" role="status">
        <AlertTitle>{t('authaction.verifiedTitle')}</AlertTitle>
        {t('authaction.verifiedText')}
      </Alert>
      <Button variant="contained" sx={{ mt: 3 }} loading={continuing} onClick={() => void onContinue()}>
        {t('common.continue')}
      </Button>
    </>
  );
}

/** A reset link that was used already or has expired: says so and offers a new one (issue #14). */
export function ExpiredResetLink({ email }: { email: string }) {
  const { t } = useTranslation();
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <Alert severity="error" role="alert">
        <AlertTitle>{PASSWORD_MESSAGES.resetLinkUsed}</AlertTitle>
        {t('authaction.resetLinkHint')}
      </Alert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 }}>
        <Button variant="contained" onClick={() => setDialogOpen(true)}>
          {t('authaction.requestNewLink')}
        </Button>
        <Button component={RouterLink} to={ROUTES.Login.path}>
          {t('common.toLogin')}
        </Button>
      </Box>
      <ForgotPasswordDialog open={dialogOpen} onClose={() => setDialogOpen(false)} initialEmail={email} />
    </>
  );
}

const resetFormSchema = z
  .object({ newPassword: passwordSchema, repeatPassword: z.string() })
  .refine((v) => v.newPassword === v.repeatPassword, {
    path: ['repeatPassword'],
    error: () => i18n.t('common.passwordsDiffer'),
  });
type ResetFormValues = z.infer<typeof resetFormSchema>;

/**
 * The link is checked when it is opened, so a used or expired one says so before the user types
 * a new password twice. A failed check shows the form anyway: its submit checks again.
 */
function ResetPasswordAction({ token, email }: { token: string; email: string }) {
  const status = useQuery(resetPasswordStatusQueryOptions(token));
  if (status.isPending) return <CenteredProgress />;
  if (status.data?.valid === false) return <ExpiredResetLink email={email} />;
  return <ResetPasswordForm token={token} email={email} />;
}

/** The new password twice; the link can still expire while the form is open. */
function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const form = useForm<ResetFormValues>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { newPassword: '', repeatPassword: '' },
  });
  const { errors } = form.formState;

  if (reset.isError && authProviderCodeOf(reset.error) === 'invalid-token') return <ExpiredResetLink email={email} />;
  if (reset.isSuccess) {
    return (
      <>
        <Alert severity="success" role="status">
          {t('authaction.resetDone')}
        </Alert>
        <ToLoginButton />
      </>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit(({ newPassword }) => reset.mutate({ token, newPassword }))}
    >
      {reset.isError && <Alert severity="error">{authErrorMessage(reset.error)}</Alert>}
      <NewPasswordFields
        register={form.register}
        errors={errors}
        passwordName="newPassword"
        repeatName="repeatPassword"
        passwordLabel={t('authaction.newPassword')}
        repeatLabel={t('authaction.repeatPassword')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} loading={reset.isPending}>
        {t('authaction.savePassword')}
      </Button>
    </Box>
  );
}

function RecoverEmailAction({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const recover = useQuery(recoverEmailQueryOptions(token));

  useEffect(() => {
    // All sessions were revoked: this browser is signed out, too.
    if (recover.isSuccess) queryClient.setQueryData(currentUserQueryOptions.queryKey, null);
  }, [recover.isSuccess, queryClient]);

  if (recover.isPending) return <CenteredProgress />;
  if (recover.isError) return <InvalidLink />;
  return (
    <>
      <Alert severity="success" role="status">
        {t('authaction.recoverDone')}
      </Alert>
      <ToLoginButton />
    </>
  );
}

/** The mailed unlock link: this browser now carries the account's device cookie (ADR 0013). */
function UnlockSignInAction({ token }: { token: string }) {
  const unlock = useQuery(signInUnlockQueryOptions(token));
  if (unlock.isPending) return <CenteredProgress />;
  if (unlock.isError) return <InvalidLink />;
  return (
    <>
      <Alert severity="success" role="status">
        {UI_MESSAGES.signInUnlocked}
      </Alert>
      <ToLoginButton />
    </>
  );
}

const TITLE_KEYS = {
  verifyEmail: 'authaction.verifyTitle',
  confirmEmailChange: 'authaction.confirmChangeTitle',
  resetPassword: 'authaction.resetTitle',
  recoverEmail: 'authaction.recoverTitle',
  unlockSignIn: 'authaction.unlockTitle',
  invite: 'invitation.title',
} as const satisfies Record<AuthActionMode, string>;

/** The landing page of e-mail action links (spec §2 /authaction). */
export interface AuthactionScreenProps {
  /** The invitation link's action (mode=invite), given by the app from the team feature (ADR 0051). */
  renderInvitation: (token: string) => ReactNode;
}

export function AuthactionScreen({ renderInvitation }: AuthactionScreenProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { mode, token, email, linkExpired } = readAuthAction(searchParams, window.location.search);

  if (mode === 'resetPassword' && linkExpired) {
    return (
      <CenteredCard title={t(TITLE_KEYS.resetPassword)}>
        <ExpiredResetLink email={email} />
        <LegalLinks />
      </CenteredCard>
    );
  }
  if (!mode || !token) {
    return (
      <CenteredCard title={ROUTES.Authaction.title}>
        <Alert severity="warning">{t('authaction.missingParams')}</Alert>
        <ToLoginButton />
        <LegalLinks />
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title={t(TITLE_KEYS[mode])}>
      <Typography component="div">
        {mode === 'verifyEmail' && <VerifyEmailAction token={token} mode="verifyEmail" />}
        {mode === 'confirmEmailChange' && <VerifyEmailAction token={token} mode="confirmEmailChange" />}
        {mode === 'resetPassword' && <ResetPasswordAction token={token} email={email} />}
        {mode === 'recoverEmail' && <RecoverEmailAction token={token} />}
        {mode === 'unlockSignIn' && <UnlockSignInAction token={token} />}
        {mode === 'invite' && renderInvitation(token)}
      </Typography>
      <LegalLinks />
    </CenteredCard>
  );
}
