import '../../../lib/locales/register-candidate-follow-up-texts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  REGION_LABELS,
  REGION_OPTIONS,
  RESPONSE_DEADLINE_MAX_DAYS,
  RESPONSE_DEADLINE_MIN_DAYS,
  updateResponseDeadlineRequestSchema,
  type Region,
  type ResponseDeadline,
} from '@matchwerk/shared';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { ErrorState } from '../../../components/feedback/error-state';
import { FormTextField } from '../../../components/form/form-text-field';
import { isApiError } from '../../../lib/api-client';
import { useUiStore } from '../../../stores/ui-store';
import { useResponseDeadlines, useSetResponseDeadline } from '../api/response-deadlines-api';

/** The typed days as the API takes them, or the German reason why not (same rule as the server). */
function parseDays(text: string): { days: number } | { error: string } {
  const trimmed = text.trim();
  const parsed = updateResponseDeadlineRequestSchema.safeParse({
    declineAfterDays: /^[0-9]+$/.test(trimmed) ? Number(trimmed) : Number.NaN,
  });
  if (parsed.success) return { days: parsed.data.declineAfterDays };
  return { error: parsed.error.issues[0]?.message ?? '' };
}

function DeadlineRow({ deadline }: { deadline: ResponseDeadline }) {
  const { t } = useTranslation();
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const save = useSetResponseDeadline();
  const [text, setText] = useState(String(deadline.declineAfterDays));
  const [error, setError] = useState<string | null>(null);
  const region = REGION_LABELS[deadline.region];
  const submit = () => {
    const parsed = parseDays(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    save.mutate(
      { region: deadline.region, declineAfterDays: parsed.days },
      {
        onSuccess: () => showSnackbar(t('candidateFollowUp.deadlinesSaved', { region })),
        onError: (cause) => setError(isApiError(cause) ? cause.message : t('candidateFollowUp.deadlinesFailed')),
      },
    );
  };
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 1fr) 10rem auto' },
        gap: 1,
        alignItems: 'center',
        listStyle: 'none',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: 'center',
          flexWrap: 'wrap',
          gridColumn: { xs: '1 / -1', sm: 'auto' },
        }}
      >
        <Typography>{region}</Typography>
        {deadline.isDefault && <Chip size="small" label={t('candidateFollowUp.deadlinesDefault')} />}
      </Box>
      <FormTextField
        name={`deadline-${deadline.region}`}
        label={t('candidateFollowUp.deadlinesLabel', { region })}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error !== null}
        helperText={error ?? undefined}
      />
      <Button
        variant="outlined"
        onClick={submit}
        disabled={save.isPending}
        aria-label={t('candidateFollowUp.deadlinesSaveAria', { region })}
      >
        {t('candidateFollowUp.deadlinesSave')}
      </Button>
    </Box>
  );
}

/** "Antwortfristen je Region" (issue 14, ADR 0041): the administrator's days until the automatic decline. */
export function ResponseDeadlinesSection() {
  const { t } = useTranslation();
  const deadlines = useResponseDeadlines();
  const titleId = useId();
  let content;
  if (deadlines.isPending) content = <CenteredProgress />;
  else if (deadlines.isError)
    content = <ErrorState text={t('candidateFollowUp.deadlinesFailed')} onRetry={() => void deadlines.refetch()} />;
  else {
    const byRegion = new Map<Region, ResponseDeadline>(
      deadlines.data.deadlines.map((deadline) => [deadline.region, deadline]),
    );
    content = (
      <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}>
        {REGION_OPTIONS.map(({ value }) => {
          const deadline = byRegion.get(value);
          return deadline ? <DeadlineRow key={value} deadline={deadline} /> : null;
        })}
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Typography id={titleId} variant="h3" component="h3" sx={{ mb: 1 }}>
        {t('candidateFollowUp.deadlinesTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('candidateFollowUp.deadlinesIntro', { days: deadlines.data?.defaultDays ?? 14 })}{' '}
        {t('candidateFollowUp.deadlinesRange', { min: RESPONSE_DEADLINE_MIN_DAYS, max: RESPONSE_DEADLINE_MAX_DAYS })}
      </Typography>
      {content}
    </Box>
  );
}
