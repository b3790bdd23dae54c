import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ROUTES, type RouteName } from '@matchwerk/shared';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/layout/page';

export type PlaceholderRoute = Exclude<RouteName, 'Login' | 'Signup' | 'Authaction' | 'Help' | 'Accessibility'>;

export interface PlaceholderScreenProps {
  route: RouteName;
}

function isPlaceholderRoute(route: RouteName): route is PlaceholderRoute {
  return route !== 'Login' && route !== 'Signup' && route !== 'Authaction' && route !== 'Help' && route !== 'Accessibility';
}

/** Screens of later issues: the right title and a friendly note instead of an empty page. */
export function PlaceholderScreen({ route }: PlaceholderScreenProps) {
  const { t } = useTranslation();
  const what = isPlaceholderRoute(route) ? t(`placeholders.${route}`) : '';
  return (
    <Page title={ROUTES[route].title}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Box sx={{ color: 'text.secondary', mb: 1 }}>
          <ConstructionIcon fontSize="large" aria-hidden />
        </Box>
        <Typography>{t('feedback.underConstruction', { what })}</Typography>
      </Paper>
    </Page>
  );
}
