import '../../../lib/locales/register-candidate-follow-up-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatNumber,
  MATCHING_NOTE_MAX_LENGTH,
  type MatchingNote,
  type OrganizationMatching,
} from '@matchwerk/shared';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/dayjs';
import { useUiStore } from '../../../stores/ui-store';
import { useMatchingNotes, useNoteMutations } from '../api/follow-up-api';

/** A note text field with its counter; over-long text is refused (red, save off), never cut. */
function NoteField({
  label,
  value,
  onChange,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const over = value.trim().length - MATCHING_NOTE_MAX_LENGTH;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={2}
      fullWidth
      margin="dense"
      autoFocus={autoFocus}
      error={over > 0}
      helperText={
        over > 0
          ? t('candidateFollowUp.noteTooLong', { over: formatNumber(over) })
          : t('candidateFollowUp.noteLength', {
              length: formatNumber(value.trim().length),
              max: formatNumber(MATCHING_NOTE_MAX_LENGTH),
            })
      }
    />
  );
}

const isValid = (text: string) => text.trim().length > 0 && text.trim().length <= MATCHING_NOTE_MAX_LENGTH;

/** The server's German message, or the generic one. */
function errorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

function NoteItem({ note, mutations }: { note: MatchingNote; mutations: ReturnType<typeof useNoteMutations> }) {
  const { t } = useTranslation();
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const time = formatTimestamp(note.createdAt);
  const author = note.isOwn
    ? t('candidateFollowUp.noteYou')
    : (note.authorName ?? t('candidateFollowUp.noteDeletedAuthor'));
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Typography variant="body2" color="text.secondary">
        {t('candidateFollowUp.noteMeta', { author, time })}
        {note.updatedAt !== note.createdAt &&
          ` ${t('candidateFollowUp.noteEdited', { time: formatTimestamp(note.updatedAt) })}`}
      </Typography>
      {editing === null ? (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.text}</Typography>
      ) : (
        <NoteField label={t('candidateFollowUp.noteEditLabel')} value={editing} onChange={setEditing} autoFocus />
      )}
      {note.isOwn && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
          {editing === null ? (
            confirming ? (
              <>
                <Typography variant="body2" sx={{ alignSelf: 'center' }} role="alert">
                  {t('candidateFollowUp.noteDeleteConfirm')}
                </Typography>
                <Button size="small" onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  variant="contained"
                  disabled={mutations.remove.isPending}
                  onClick={() =>
                    mutations.remove.mutate(note.id, {
                      onSuccess: () => showSnackbar(t('candidateFollowUp.noteDeleted')),
                      onError: (error) => showSnackbar(errorText(error, t('candidateFollowUp.notesFailed'))),
                    })
                  }
                >
                  {t('candidateFollowUp.noteDelete')}
                </Button>
              </>
            ) : (
              <>
                <Button
                  size="small"
                  aria-label={t('candidateFollowUp.noteEditAria', { time })}
                  onClick={() => setEditing(note.text)}
                >
                  {t('candidateFollowUp.noteEdit')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  aria-label={t('candidateFollowUp.noteDeleteLabel', { time })}
                  onClick={() => setConfirming(true)}
                >
                  {t('candidateFollowUp.noteDelete')}
                </Button>
              </>
            )
          ) : (
            <>
              <Button size="small" onClick={() => setEditing(null)}>
                {t('common.cancel')}
              </Button>
              <Button
                size="small"
                variant="contained"
                disabled={!isValid(editing) || mutations.update.isPending}
                onClick={() =>
                  mutations.update.mutate(
                    { id: note.id, text: editing },
                    {
                      onSuccess: () => {
                        setEditing(null);
                        showSnackbar(t('candidateFollowUp.noteSaved'));
                      },
                      onError: (error) => showSnackbar(errorText(error, t('candidateFollowUp.notesFailed'))),
                    },
                  )
                }
              >
                {t('candidateFollowUp.noteSave')}
              </Button>
            </>
          )}
        </Box>
      )}
    </Box>
  );
}

export interface MatchingNotesProps {
  matching: Pick<OrganizationMatching, 'vacancyId' | 'applicantId'>;
}

/** Internal notes on one matching (issue 14): the organisation's users only, own notes editable. */
export function MatchingNotes({ matching }: MatchingNotesProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const notes = useMatchingNotes(matching);
  const mutations = useNoteMutations(matching);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    setError(null);
    mutations.create.mutate(draft, {
      onSuccess: () => setDraft(''),
      // The text stays in the field: nothing typed is lost.
      onError: (cause) => setError(errorText(cause, t('candidateFollowUp.notesFailed'))),
    });
  };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('candidateFollowUp.notesTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('candidateFollowUp.notesHint')}
      </Typography>
      {notes.isPending ? (
        <Skeleton variant="rounded" height={48} sx={{ my: 1 }} aria-label={t('common.loading')} />
      ) : notes.isError ? (
        <Alert
          severity="warning"
          sx={{ my: 1 }}
          action={<Button onClick={() => void notes.refetch()}>{t('common.retry')}</Button>}
        >
          {t('candidateFollowUp.notesFailed')}
        </Alert>
      ) : notes.data.notes.length === 0 ? (
        <Typography sx={{ my: 1 }}>{t('candidateFollowUp.notesEmpty')}</Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, my: 1 }}>
          {notes.data.notes.map((note) => (
            <NoteItem key={note.id} note={note} mutations={mutations} />
          ))}
        </Box>
      )}
      <NoteField label={t('candidateFollowUp.noteNew')} value={draft} onChange={setDraft} />
      <div aria-live="polite">{error && <Alert severity="error">{error}</Alert>}</div>
      <Button variant="outlined" onClick={save} disabled={!isValid(draft) || mutations.create.isPending} sx={{ mt: 1 }}>
        {t('candidateFollowUp.noteAdd')}
      </Button>
    </Box>
  );
}
