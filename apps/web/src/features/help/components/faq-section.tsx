import '../../../lib/locales/register-help-texts';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FAQ } from '../content/faq';
import { filterFaq, highlightSegments } from '../lib/faq-search';

function Highlighted({ text, query }: { text: string; query: string }) {
  const segments = highlightSegments(text, query);
  // A segment's start in the text is unique within it: a stable key.
  const starts = segments.map((_segment, index) =>
    segments.slice(0, index).reduce((sum, previous) => sum + previous.text.length, 0),
  );
  return (
    <>
      {segments.map((segment, index) => {
        const key = starts[index];
        return segment.match ? (
          <Box component="mark" key={key} sx={{ bgcolor: '#fff1a8', color: 'inherit', px: 0.25, borderRadius: 0.5 }}>
            {segment.text}
          </Box>
        ) : (
          <span key={key}>{segment.text}</span>
        );
      })}
    </>
  );
}

/** Searchable FAQ for employers: every word must match; matches are marked; accordions by question. */
export function FaqSection() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const entries = useMemo(() => filterFaq(FAQ, deferred), [deferred]);
  const [expanded, setExpanded] = useState<string | false>(false);
  const countId = useId();
  const searching = deferred.trim().length > 0;

  return (
    <Box>
      <TextField
        type="search"
        label={t('help.faqSearch')}
        helperText={t('help.faqSearchHelp')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        fullWidth
        margin="normal"
        slotProps={{ htmlInput: { 'aria-controls': countId } }}
      />
      <Typography id={countId} role="status" aria-live="polite" color="text.secondary" sx={{ mb: 1 }}>
        {searching
          ? entries.length === 0
            ? t('help.faqNone', { query: deferred.trim() })
            : t('help.faqCount', { count: entries.length })
          : ''}
      </Typography>
      {entries.map((entry) => {
        const headerId = `faq-${entry.id}-frage`;
        const panelId = `faq-${entry.id}-antwort`;
        // While searching every hit is open, so the highlighted words are visible.
        const open = searching || expanded === entry.id;
        return (
          <Accordion
            key={entry.id}
            expanded={open}
            onChange={(_event, isOpen) => setExpanded(isOpen ? entry.id : false)}
            disableGutters
            variant="outlined"
            slotProps={{ heading: { component: 'h3' } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headerId} aria-controls={panelId}>
              <Typography component="span" sx={{ fontWeight: 500 }}>
                <Highlighted text={entry.question} query={deferred} />
              </Typography>
            </AccordionSummary>
            <AccordionDetails id={panelId} role="region" aria-labelledby={headerId}>
              {entry.answer.map((paragraph) => (
                <Typography key={paragraph} sx={{ mb: 1 }}>
                  <Highlighted text={paragraph} query={deferred} />
                </Typography>
              ))}
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
