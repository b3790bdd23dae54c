import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatLegalVersion, ROUTES, type CurrentUser, type DueLegalDocument } from '@matchwerk/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { CenteredCard } from '../../../components/layout/centered-card';
import { pathAfterLegalAccepted } from '../../../lib/access';
import { LEGAL_PAGES } from '../../../lib/legal-pages';
import { useSession, useSignOut } from '../../../lib/session';
import { useAcceptTerms } from '../api/accept-terms';

interface ConsentCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  label: ReactNode;
}

function ConsentCheckbox({ checked, onChange, error, label }: ConsentCheckboxProps) {
  return (
    <FormControl error={Boolean(error)} sx={{ display: 'flex', mt: 1 }}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start' }}
        control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} sx={{ mt: -0.75 }} />}
        label={label}
      />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/**
 * Shown instead of any protected screen until the legal texts are accepted in their current
 * versions (spec §2, ADR 0037). Only the documents that are due are asked for; a new version
 * of a text already accepted says so, with the date of the new version.
 */
export function LegalGate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptTerms();
  const signOut = useSignOut();
  const { user } = useSession();
  const due = user?.legalDue ?? [];
  const privacyDue = due.find((d) => d.document === 'PRIVACY');
  const termsDue = due.find((d) => d.document === 'TERMS');
  const [privacy, setPrivacy] = useState(false);
  const [terms, setTerms] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const onlyChanges = due.length > 0 && due.every((d) => d.acceptedVersion !== null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if ((privacyDue && !privacy) || (termsDue && !terms)) return;
    accept.mutate(
      {
        ...(privacyDue ? { privacyStatementAccepted: true } : {}),
        ...(termsDue ? { termsAndConditionsAccepted: true } : {}),
      },
      { onSuccess: (updated: CurrentUser) => void navigate(pathAfterLegalAccepted(updated)) },
    );
  };

  const version = (document: DueLegalDocument) => (
    <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
      {document.acceptedVersion
        ? t('legal.changedVersion', {
            date: formatLegalVersion(document.version),
            previous: formatLegalVersion(document.acceptedVersion),
          })
        : t('legal.version', { date: formatLegalVersion(document.version) })}
    </Typography>
  );

  const link = (href: string, text: string) => (
    <Link href={href} target="_blank" rel="noopener">
      {text}
    </Link>
  );

  return (
    <CenteredCard title={t('legal.title')} maxWidth={600}>
      <Typography sx={{ mb: 2 }}>{onlyChanges ? t('legal.introChanged') : t('legal.intro')}</Typography>
      <Box component="form" noValidate onSubmit={onSubmit}>
        {privacyDue && (
          <>
            <ConsentCheckbox
              checked={privacy}
              onChange={setPrivacy}
              error={submitted && !privacy ? t('legal.privacyRequired') : undefined}
              label={
                <>
                  {t('legal.privacyBefore')}
                  {link(LEGAL_PAGES.privacy, t('legal.privacyLink'))}
                  {t('legal.privacyAfter')}
                </>
              }
            />
            {version(privacyDue)}
          </>
        )}
        {termsDue && (
          <>
            <ConsentCheckbox
              checked={terms}
              onChange={setTerms}
              error={submitted && !terms ? t('legal.termsRequired') : undefined}
              label={
                <>
                  {t('legal.termsBefore')}
                  {link(LEGAL_PAGES.terms, t('legal.termsLink'))}
                  {t('legal.termsAfter')}
                </>
              }
            />
            {version(termsDue)}
          </>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3, alignItems: 'center' }}>
          <Button type="submit" variant="contained" size="large" loading={accept.isPending}>
            {t('legal.accept')}
          </Button>
          <Button
            variant="text"
            onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate(ROUTES.Login.path) })}
          >
            {t('common.logout')}
          </Button>
          <Link href={LEGAL_PAGES.imprint} target="_blank" rel="noopener" sx={{ ml: 'auto' }}>
            {t('legal.imprint')}
          </Link>
        </Box>
      </Box>
    </CenteredCard>
  );
}
