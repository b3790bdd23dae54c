import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@matchwerk/shared';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/layout/page';
import { LEGAL_PAGES } from '../../../lib/legal-pages';
import { useSession, useSupportEmail } from '../../../lib/session';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Help: support contact, legal texts and account settings (title "Support & Einstellungen"). */
export function HelpScreen() {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  const { user } = useSession();

  return (
    <Page title={ROUTES.Help.title} maxWidth={760}>
      <Stack spacing={3}>
        <Section title={t('help.supportTitle')}>
          <Typography>
            {t('help.supportText')} <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
          </Typography>
        </Section>
        <Section title={t('help.legalTitle')}>
          <List dense disablePadding>
            {(
              [
                [LEGAL_PAGES.privacy, t('help.privacy')],
                [LEGAL_PAGES.terms, t('help.terms')],
                [LEGAL_PAGES.imprint, t('help.imprint')],
              ] as const
            ).map(([href, label]) => (
              <ListItem key={href} disableGutters>
                <Link href={href} target="_blank" rel="noopener">
                  {label}
                </Link>
              </ListItem>
            ))}
          </List>
        </Section>
        <Section title={t('help.changePasswordTitle')}>
          <ChangePasswordForm />
        </Section>
        <Section title={t('help.changeEmailTitle')}>
          {user && (
            <Typography color="text.secondary">{t('help.signedInAs', { email: user.email })}</Typography>
          )}
          <ChangeEmailForm />
        </Section>
      </Stack>
    </Page>
  );
}
