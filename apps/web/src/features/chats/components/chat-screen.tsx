import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatPersonName, ROUTES } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from '../../../lib/router';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { useDocumentTitle } from '../../../lib/document-title';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { useMarkChatRead } from '../../unread';
import { chatQueryOptions, useChatPolling, useLoadOlderMessages, useSendMessage } from '../api/chats-api';
import { newClientMessageId, unconfirmed, type PendingMessage } from '../lib/chat-messages';
import { useOutboxStore } from '../stores/outbox-store';
import { ChatLog, chatItems } from './chat-log';
import { MessageComposer } from './message-composer';

// The chat fills the visible height so the send box stays on screen (also on phones). These
// offsets mirror the app shell's padding of `main` (top: 32 px, or 88 px under the mobile app bar).
const SHELL_TOP_PX = { desktop: 32, mobile: 88 } as const;
const BOTTOM_GAP_PX = 16;

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={ROUTES.Chats.path}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
    >
      <ArrowBackIcon fontSize="small" aria-hidden />
      {t('chats.back')}
    </Link>
  );
}

function ChatFrame({ title, children }: { title: string; children: ReactNode }) {
  const mobileView = useUiStore((s) => s.mobileView);
  useDocumentTitle(title);
  const top = mobileView ? SHELL_TOP_PX.mobile : SHELL_TOP_PX.desktop;
  return (
    <Box
      sx={{
        maxWidth: 900,
        mx: 'auto',
        width: '100%',
        display: 'flex',
        flexDirection: 'column',
        height: `calc(100dvh - ${top + BOTTOM_GAP_PX}px)`,
        minHeight: 420,
        // Take back most of main's bottom padding: the chat is the last thing on the page.
        mb: -4,
      }}
    >
      <Box sx={{ mb: 1.5 }}>
        <BackLink />
        <Typography variant="h1" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

export interface ChatScreenProps {
  /** The chat's id in the route: the candidate's id. */
  applicantId: string;
}

/** Chat (spec §2): history with polling every 5 s, clickable links, send box with an outbox. */
export function ChatScreen({ applicantId }: ChatScreenProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const mobileView = useUiStore((s) => s.mobileView);
  const chat = useQuery(chatQueryOptions(applicantId));
  const poll = useChatPolling(applicantId, chat.isSuccess);
  const send = useSendMessage();
  const loadOlder = useLoadOlderMessages(applicantId);
  const authorId = user?.id ?? '';
  const allPending = useOutboxStore((s) => s.messages);
  const addPending = useOutboxStore((s) => s.add);
  const removePending = useOutboxStore((s) => s.remove);
  const [scrollRequest, setScrollRequest] = useState(0);
  const markRead = useMarkChatRead(applicantId);
  const markedUpTo = useRef(0);

  const messages = chat.data?.messages;

  // Read while on screen (ADR 0040): the newest message shown marks the chat read for this user,
  // on opening and whenever a poll brings more — but not while the tab is in the background.
  const newestSeq = messages?.reduce((max, message) => Math.max(max, message.seq), 0) ?? 0;
  const { mutate: markReadUpTo } = markRead;
  useEffect(() => {
    const mark = () => {
      if (newestSeq <= markedUpTo.current || document.visibilityState === 'hidden') return;
      markedUpTo.current = newestSeq;
      markReadUpTo(newestSeq);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestSeq, markReadUpTo]);
  const mine = useMemo(
    () => allPending.filter((p) => p.applicantId === applicantId && p.authorId === authorId),
    [allPending, applicantId, authorId],
  );
  const pending = useMemo(() => unconfirmed(mine, messages ?? []), [mine, messages]);

  // An outbox entry whose server copy arrived (by the send answer or a poll) is done.
  useEffect(() => {
    if (!messages) return;
    const shown = new Set(pending.map((p) => p.clientMessageId));
    removePending(mine.filter((p) => !shown.has(p.clientMessageId)).map((p) => p.clientMessageId));
  }, [messages, mine, pending, removePending]);

  if (chat.isPending) {
    return (
      <ChatFrame title={ROUTES.Chat.title}>
        <Box role="status" aria-label={t('common.loading')}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton
              key={i}
              variant="rounded"
              height={48}
              sx={{ mb: 1.5, width: i % 2 ? '60%' : '70%', ml: i % 2 ? 'auto' : 0 }}
            />
          ))}
        </Box>
      </ChatFrame>
    );
  }

  const data = chat.data;
  // A failed background refetch keeps showing the chat it has.
  if (!data) {
    const gone = isApiError(chat.error) && (chat.error.status === 404 || chat.error.status === 403);
    return (
      <ChatFrame title={ROUTES.Chat.title}>
        {gone ? (
          <EmptyState
            text={t('chats.notFound')}
            action={
              <Button variant="contained" component={RouterLink} to={ROUTES.Chats.path}>
                {t('chats.back')}
              </Button>
            }
          />
        ) : (
          <ErrorState onRetry={() => void chat.refetch()} />
        )}
      </ChatFrame>
    );
  }

  const name = formatPersonName(data.applicant);
  const sendPending = (message: PendingMessage) => send.mutate(message);

  const onSend = (text: string) => {
    if (!authorId) return false;
    const message: PendingMessage = {
      clientMessageId: newClientMessageId(),
      applicantId,
      authorId,
      text,
      createdAt: new Date().toISOString(),
      status: 'sending',
    };
    // Into the outbox first: from here on the message survives a failure, navigation and reload.
    addPending(message);
    setScrollRequest((n) => n + 1);
    sendPending(message);
    return true;
  };

  return (
    <ChatFrame title={t('chats.title', { name })}>
      {poll.isError && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('chats.pollFailed')}
        </Alert>
      )}
      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      >
        <ChatLog
          items={chatItems(data.messages, pending)}
          applicantName={name}
          readByApplicant={data.readByApplicant}
          scrollRequest={scrollRequest}
          older={{
            available: data.older !== null,
            loading: loadOlder.isPending,
            failed: loadOlder.isError,
            onLoad: () => data.older !== null && loadOlder.mutate(data.older),
          }}
          onRetry={sendPending}
          onDiscard={(message) => removePending([message.clientMessageId])}
        />
        {data.contactEndedAt ? (
          // The candidate ended contact (ADR 0101): the chat stays readable, nothing can be sent.
          <Alert severity="info" sx={{ m: 1 }}>
            {t('chats.contactEnded')}
          </Alert>
        ) : (
          <MessageComposer onSend={onSend} compact={mobileView} />
        )}
      </Paper>
    </ChatFrame>
  );
}
