import '../../../lib/locales/register-help-texts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROUTES, formatLegalVersion } from '@matchwerk/shared';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from '../../../lib/router';
import { Page } from '../../../components/layout/page';
import { useSession, useSupportEmail } from '../../../lib/session';
import { ACCESSIBILITY_STATEMENT, ACCESSIBILITY_STATEMENT_DATE } from '../content/accessibility-statement';

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

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <List sx={{ listStyle: 'disc', pl: 3 }}>
      {items.map((item) => (
        <ListItem key={item} sx={{ display: 'list-item', px: 0 }}>
          {item}
        </ListItem>
      ))}
    </List>
  );
}

/**
 * Erklärung zur Barrierefreiheit (BITV 2.0 model structure). Public: reachable without
 * sign-in, linked from the login page and from Help.
 */
export function AccessibilityStatementScreen() {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  const { isLoggedin } = useSession();
  const statement = ACCESSIBILITY_STATEMENT;
  const date = formatLegalVersion(ACCESSIBILITY_STATEMENT_DATE);
  const feedbackPath = `${ROUTES.Help.path}?feedback=ACCESSIBILITY`;

  return (
    <Page title={ROUTES.Accessibility.title} maxWidth={860}>
      <Stack spacing={3}>
        <Section title={t('accessibility.scopeTitle')}>
          <Typography>{statement.scope}</Typography>
        </Section>
        <Section title={t('accessibility.statusTitle')}>
          <Typography>{statement.status}</Typography>
        </Section>
        <Section title={t('accessibility.limitationsTitle')}>
          <Bullets items={statement.limitations} />
        </Section>
        <Section title={t('accessibility.methodTitle')}>
          <Bullets items={statement.method} />
          <Typography>{t('accessibility.prepared', { date })}</Typography>
        </Section>
        <Section title={t('accessibility.feedbackTitle')}>
          <Typography>{t('accessibility.feedbackText')}</Typography>
          <List sx={{ listStyle: 'disc', pl: 3 }}>
            <ListItem sx={{ display: 'list-item', px: 0 }}>
              <Link component={RouterLink} to={feedbackPath}>
                {t('accessibility.feedbackForm')}
              </Link>
            </ListItem>
            <ListItem sx={{ display: 'list-item', px: 0 }}>
              <Link href={`mailto:${supportEmail}?subject=${encodeURIComponent('Barriere melden')}`}>
                {t('accessibility.feedbackMail', { email: supportEmail })}
              </Link>
            </ListItem>
          </List>
        </Section>
        <Section title={t('accessibility.enforcementTitle')}>
          <Typography sx={{ mb: 2 }}>{statement.enforcement.text}</Typography>
          <Box component="address" sx={{ fontStyle: 'normal' }}>
            {statement.enforcement.address.map((line) => (
              <Typography key={line}>{line}</Typography>
            ))}
            <Typography>
              {t('accessibility.enforcementWeb')}{' '}
              <Link href={statement.enforcement.url} target="_blank" rel="noopener">
                {statement.enforcement.url}
              </Link>
            </Typography>
          </Box>
        </Section>
        <Box>
          {isLoggedin ? (
            <Link component={RouterLink} to={ROUTES.Help.path}>
              {t('accessibility.back')}
            </Link>
          ) : (
            <Link component={RouterLink} to={ROUTES.Login.path}>
              {t('accessibility.toLogin')}
            </Link>
          )}
        </Box>
      </Stack>
    </Page>
  );
}
