import '../../../lib/locales/register-help-texts';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  FEEDBACK_CATEGORIES,
  formatLegalVersion,
  PRIVACY_VERSION,
  ROUTES,
  TERMS_VERSION,
  type FeedbackCategory,
} from '@matchwerk/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink, useSearchParams } from '../../../lib/router';
import { Page } from '../../../components/layout/page';
import { LEGAL_PAGES } from '../../../lib/legal-pages';
import { useSession, useSupportEmail } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { FaqSection } from './faq-section';
import { FeedbackForm } from './feedback-form';

/** Section ids: targets of the links on this page and of `?feedback=` (the accessibility statement). */
const SECTION_IDS = { feedback: 'feedback', faq: 'faq', settings: 'einstellungen' } as const;

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  const headingId = `${id ?? title}-titel`;
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 80 }}
    >
      <Typography id={headingId} variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function feedbackCategoryParam(value: string | null): FeedbackCategory | undefined {
  return FEEDBACK_CATEGORIES.find((category) => category === value);
}

/**
 * Help — "Support & Einstellungen", the sidebar's "Einstellungen & Rechtliches" (spec §2):
 * feedback, FAQ, accessibility, legal texts with their versions and account settings. What only
 * administrators handle (feedback received, deadlines) lives in "Verwaltung" (ADR 0120).
 */
export function HelpScreen() {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  const { user, isOrganization, isAdmin } = useSession();
  const [searchParams] = useSearchParams();
  const lastPage = useUiStore((s) => s.lastPage);
  // The page is fixed when the help opens: the screen the user came from (or Help itself).
  const [page] = useState(() => lastPage ?? ROUTES.Help.path);
  const initialCategory = feedbackCategoryParam(searchParams.get('feedback'));

  useEffect(() => {
    if (initialCategory) document.getElementById(SECTION_IDS.feedback)?.scrollIntoView();
  }, [initialCategory]);

  const settingsPath = (section: string) => `${ROUTES.Settings.path}?abschnitt=${section}`;

  return (
    <Page title={ROUTES.Help.title} intro={t('help.sameAsMenu')} maxWidth={860}>
      <Stack spacing={3}>
        <nav aria-label={t('help.contents')}>
          <Typography component="span" color="text.secondary">
            {t('help.contents')}:{' '}
          </Typography>
          {(
            [
              [SECTION_IDS.feedback, t('help.feedbackTitle')],
              [SECTION_IDS.faq, t('help.faqTitle')],
              [SECTION_IDS.settings, t('help.settingsTitle')],
            ] as const
          ).map(([id, label], index) => (
            <span key={id}>
              {index > 0 && ' · '}
              <Link
                href={`#${id}`}
                onClick={(event) => {
                  // Hash routing: "#id" would be read as a route; scroll instead.
                  event.preventDefault();
                  document.getElementById(id)?.scrollIntoView();
                  document.getElementById(`${id}-titel`)?.focus();
                }}
              >
                {label}
              </Link>
            </span>
          ))}
        </nav>
        <Section id={SECTION_IDS.feedback} title={t('help.feedbackTitle')}>
          <Typography sx={{ mb: 1 }}>
            {t('help.feedbackIntro', { email: supportEmail })}{' '}
            <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
          </Typography>
          <FeedbackForm key={initialCategory ?? 'none'} page={page} initialCategory={initialCategory} />
        </Section>
        <Section id={SECTION_IDS.faq} title={t('help.faqTitle')}>
          <FaqSection />
        </Section>
        <Section title={t('help.accessibilityTitle')}>
          <Typography>
            {t('help.accessibilityText')}{' '}
            <Link component={RouterLink} to={ROUTES.Accessibility.path}>
              {t('help.accessibilityLink')}
            </Link>
          </Typography>
        </Section>
        <Section title={t('help.legalTitle')}>
          <List dense disablePadding>
            {(
              [
                [LEGAL_PAGES.privacy, t('help.privacy'), PRIVACY_VERSION],
                [LEGAL_PAGES.terms, t('help.terms'), TERMS_VERSION],
                [LEGAL_PAGES.imprint, t('help.imprint'), null],
              ] as const
            ).map(([href, label, version]) => (
              <ListItem key={href} disableGutters>
                <Link href={href} target="_blank" rel="noopener">
                  {label}
                </Link>
                {version && (
                  <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                    ({t('help.legalVersion', { date: formatLegalVersion(version) })})
                  </Typography>
                )}
              </ListItem>
            ))}
          </List>
        </Section>
        <Section id={SECTION_IDS.settings} title={t('help.settingsTitle')}>
          {isOrganization ? (
            <>
              <Typography>{t('help.settingsIntro')}</Typography>
              <List dense disablePadding>
                <ListItem disableGutters>
                  <Link component={RouterLink} to={settingsPath('benachrichtigungen')}>
                    {t('help.notificationsLink')}
                  </Link>
                </ListItem>
                <ListItem disableGutters>
                  <Link component={RouterLink} to={settingsPath('konto-loeschen')}>
                    {t('help.deleteAccountLink')}
                  </Link>
                </ListItem>
              </List>
            </>
          ) : (
            <Typography color="text.secondary">{t('help.settingsOthers')}</Typography>
          )}
          <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
            {t('help.changePasswordTitle')}
          </Typography>
          <ChangePasswordForm />
          <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
            {t('help.changeEmailTitle')}
          </Typography>
          {user && <Typography color="text.secondary">{t('help.signedInAs', { email: user.email })}</Typography>}
          <ChangeEmailForm />
        </Section>
        {isAdmin && (
          <Section title={t('nav.administration')}>
            <Typography>
              {t('help.adminMoved')}{' '}
              <Link component={RouterLink} to={ROUTES.Administration.path}>
                {t('help.adminLink')}
              </Link>
            </Typography>
          </Section>
        )}
      </Stack>
    </Page>
  );
}
