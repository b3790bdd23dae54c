import '../../../lib/locales/register-administration-texts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ROUTES } from '@matchwerk/shared';
import { useId, type ReactNode } from 'react';
import { Page } from '../../../components/layout/page';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from '../../../lib/router';

export interface AdministrationSection {
  /** The `?bereich=` value (German, readable in the address). */
  id: string;
  /** The tab's text, with a count where one matters ("Feedback (3 neu)"). */
  tabLabel: string;
  title: string;
  intro?: string;
  content: ReactNode;
}

export interface AdministrationScreenProps {
  /** The areas, in tab order; the app composes them from the features that own them (ADR 0051). */
  sections: readonly AdministrationSection[];
}

/**
 * "Verwaltung" (issue 48 item 10, ADR 0120): the administrators' own area instead of the bottom
 * of the help page. One tab per area; the tab is in the address (`?bereich=`), so a link or a
 * reload opens the same area.
 */
export function AdministrationScreen({ sections }: AdministrationScreenProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const active = sections.find((section) => section.id === searchParams.get('bereich')) ?? sections[0];
  if (!active) return null;
  const titleId = `${baseId}-titel`;
  return (
    <Page title={ROUTES.Administration.title} intro={t('administration.intro')} maxWidth={1100}>
      <Paper variant="outlined" sx={{ pt: 1 }}>
        <Tabs
          value={active.id}
          onChange={(_event, value: string) => setSearchParams({ bereich: value }, { replace: true })}
          aria-label={t('administration.tabsLabel')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 } }}
        >
          {sections.map((section) => (
            <Tab
              key={section.id}
              value={section.id}
              id={`${baseId}-tab-${section.id}`}
              aria-controls={`${baseId}-panel`}
              label={section.tabLabel}
            />
          ))}
        </Tabs>
        <Box
          id={`${baseId}-panel`}
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${active.id}`}
          sx={{ p: { xs: 1.5, sm: 3 } }}
        >
          <Box component="section" aria-labelledby={titleId}>
            <Typography id={titleId} variant="h2" sx={{ mb: 1 }}>
              {active.title}
            </Typography>
            {active.intro && (
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {active.intro}
              </Typography>
            )}
            {active.content}
          </Box>
        </Box>
      </Paper>
    </Page>
  );
}
