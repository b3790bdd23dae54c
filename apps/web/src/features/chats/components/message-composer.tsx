import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { MESSAGE_MAX_LENGTH } from '@matchwerk/shared';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface MessageComposerProps {
  /** Takes the trimmed text; the field is cleared only once the message is in the outbox. */
  onSend: (text: string) => boolean;
  /** Hides the keyboard hint (phones: no Shift key, less room). */
  compact: boolean;
}

const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

/** The send box: Enter sends, Shift+Enter starts a new line. */
export function MessageComposer({ onSend, compact }: MessageComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const trimmed = text.trim();

  const submit = () => {
    if (!trimmed || trimmed.length > MESSAGE_MAX_LENGTH) return;
    if (onSend(trimmed)) setText('');
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // No send while an input method (e.g. for accents) is still composing.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const helper =
    text.length >= COUNTER_FROM ? t('chats.counter', { count: text.length, max: String(MESSAGE_MAX_LENGTH) }) : compact ? undefined : t('chats.inputHelp');

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', p: { xs: 1, sm: 1.5 }, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <TextField
        label={t('chats.inputLabel')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        multiline
        minRows={1}
        maxRows={compact ? 4 : 6}
        fullWidth
        size="small"
        inputRef={inputRef}
        helperText={helper}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
      />
      <Button type="submit" variant="contained" endIcon={<SendIcon aria-hidden />} disabled={!trimmed} sx={{ flexShrink: 0, minHeight: 40 }}>
        {t('chats.send')}
      </Button>
    </Box>
  );
}
