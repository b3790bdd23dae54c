import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from '../../../../lib/i18n';

export const JARBSCHG_URL = 'https://www.gesetze-im-internet.de/jarbschg/';

/** Ferienjob and Praktikum: the main rules of the Jugendarbeitsschutzgesetz for minors, short, with the law's text. */
export function YouthProtectionHint() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" sx={{ mt: 2 }} role="note" aria-label={t('vacancies.youthTitle')}>
      <AlertTitle component="p">{t('vacancies.youthTitle')}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        <li>{t('vacancies.youthHours')}</li>
        <li>{t('vacancies.youthNight')}</li>
        <li>{t('vacancies.youthHoliday')}</li>
        <li>{t('vacancies.youthChildren')}</li>
      </ul>
      <Link href={JARBSCHG_URL} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block', mt: 1 }}>
        {t('vacancies.youthLink')}
        <Box component="span" sx={visuallyHidden}>
          {` ${t('vacancies.youthLinkNewTab')}`}
        </Box>
      </Link>
    </Alert>
  );
}
