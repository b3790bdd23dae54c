import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { formatNumber, MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from '@matchwerk/shared';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { OutlinedField } from '../../../components/form/outlined-field';
import { useTranslation } from '../../../lib/i18n';

export interface MessageComposerProps {
  /** Takes the trimmed text; the field is cleared only once the message is in the outbox. */
  onSend: (text: string) => boolean;
  /** Hides the keyboard hint (phones: no Shift key, less room). */
  compact: boolean;
}

/** From here on the composer counts characters. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

/**
 * The send box: Enter sends, Shift+Enter starts a new line. A text over the limit is never
 * cut (no maxLength: a pasted text would be truncated unseen); it is counted, marked and refused.
 */
export function MessageComposer({ onSend, compact }: MessageComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [refused, setRefused] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // The server checks the trimmed text; so does the counter.
  const trimmed = text.trim();
  const tooLong = trimmed.length > MESSAGE_MAX_LENGTH;

  const submit = () => {
    if (!trimmed) return;
    if (tooLong) {
      setRefused(true);
    } else if (onSend(trimmed)) {
      setText('');
      setRefused(false);
    }
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // No send while an input method (e.g. for accents) is still composing.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const counter =
    trimmed.length >= COUNTER_FROM
      ? t('chats.counter', { length: formatNumber(trimmed.length), max: formatNumber(MESSAGE_MAX_LENGTH) })
      : undefined;
  const excess = formatNumber(trimmed.length - MESSAGE_MAX_LENGTH);
  const helper = tooLong
    ? `${counter} – ${refused ? t('chats.tooLongRefused', { reason: MESSAGE_TOO_LONG, excess }) : t('chats.tooLong', { excess })}`
    : (counter ?? (compact ? undefined : t('chats.inputHelp')));

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        p: { xs: 1, sm: 1.5 },
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <OutlinedField
        label={t('chats.inputLabel')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setRefused(false);
        }}
        onKeyDown={onKeyDown}
        multiline
        minRows={1}
        maxRows={compact ? 4 : 6}
        fullWidth
        size="small"
        inputRef={inputRef}
        helperText={helper}
        error={tooLong}
        // The refusal is announced once when sending fails; the counter is not read out on every keystroke.
        helperRole={refused ? 'alert' : undefined}
      />
      <Button
        type="submit"
        variant="contained"
        endIcon={<SendIcon aria-hidden />}
        disabled={!trimmed}
        sx={{ flexShrink: 0, minHeight: 40 }}
      >
        {t('chats.send')}
      </Button>
    </Box>
  );
}
