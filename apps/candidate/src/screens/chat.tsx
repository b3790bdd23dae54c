import {
  API_PATHS,
  MESSAGE_MAX_LENGTH,
  type ApplicantChatResponse,
  type ChatMessage,
  type PollResponse,
} from '@matchwerk/shared';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ScreenProps } from '../app';
import { ConsentNotice, useConsentBlock } from '../components/consent-notice';
import { ReportForm } from '../components/report-form';
import { ErrorState, Loading } from '../components/states';
import { api, messageOf, pathOf, withQuery } from '../lib/api';
import { outboxFor, sendEntry } from '../lib/chat-send';
import { messageTime } from '../lib/format';
import type { OutboxEntry } from '../lib/outbox';
import { useSession } from '../lib/session';

/** Read receipts and closing (ADR 0101) arrive with the newer API; optional until then. */
type ChatAnswer = ApplicantChatResponse & { readByOrganization?: number; contactEndedAt?: string | null };

const POLL_MS = 10_000;

/** One chat: messages, the outbox's waiting ones ("wird gesendet"), polling while visible. */
export default function Chat({ route }: ScreenProps) {
  const organizationId = route.name === 'chat' ? route.organizationId : '';
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : null;
  const [chat, setChat] = useState<ChatAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<OutboxEntry[]>([]);
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  /** Until a parent confirmed (under 16), writing waits; reading the chat stays. */
  const consent = useConsentBlock('CHAT');
  const cursor = useRef<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const chatPath = pathOf(API_PATHS.applicantChat, { organizationId });

  const load = useCallback(
    () =>
      api<ChatAnswer>(chatPath, { fresh: true }).then(
        (answer) => {
          cursor.current = answer.cursor;
          setChat(answer);
          setError(null);
        },
        (caught: unknown) => setError(messageOf(caught)),
      ),
    [chatPath],
  );

  const refreshPending = useCallback(async () => {
    if (!userId) return;
    const outbox = await outboxFor(userId);
    await outbox.list(organizationId).then(setPending);
  }, [userId, organizationId]);

  const flush = useCallback(async () => {
    if (!userId) return;
    const result = await (await outboxFor(userId)).flush(sendEntry);
    if (result.rejected.length > 0)
      setNotice(`Eine Nachricht konnte nicht gesendet werden: „${result.rejected[0]?.text}“`);
    await refreshPending();
    if (result.sent > 0) await load();
  }, [userId, refreshPending, load]);

  useEffect(() => {
    // The last saved copy first (offline too), then what waits in the outbox, then send it.
    void load().then(refreshPending).then(flush);
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [load, refreshPending, flush]);

  // New messages while the page is visible; paused when hidden (push is the fast path then).
  useEffect(() => {
    const poll = async () => {
      if (document.visibilityState !== 'visible') return;
      // What waits in the outbox goes out at the latest with the next poll (no `online` event everywhere).
      await flush();
      if (!cursor.current) return;
      try {
        const news = await api<PollResponse | null>(
          withQuery(pathOf(API_PATHS.applicantChatPolling, { organizationId }), { since: cursor.current }),
        );
        if (news) await load();
      } catch {
        // Offline: the next poll tries again.
      }
    };
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => clearInterval(timer);
  }, [organizationId, load, flush]);

  const lastSeq = chat?.messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (lastSeq > 0)
      void api(pathOf(API_PATHS.applicantChatRead, { organizationId }), {
        method: 'POST',
        body: { seq: lastSeq },
      }).catch(() => undefined);
    end.current?.scrollIntoView({ block: 'end' });
  }, [lastSeq, organizationId, pending.length]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || !userId || consent.blocked) return;
    const outbox = await outboxFor(userId);
    await outbox.add({ clientMessageId: crypto.randomUUID(), organizationId, text: trimmed });
    setText('');
    await refreshPending();
    await flush();
  };

  const endContact = async () => {
    if (!window.confirm('Kontakt wirklich beenden? Die Firma kann dir dann nicht mehr schreiben.')) return;
    try {
      await api(pathOf(API_PATHS.applicantChatEnd, { organizationId }), { method: 'POST' });
      await load();
    } catch (caught) {
      setNotice(messageOf(caught));
    }
  };

  if (!chat) return error ? <ErrorState message={error} onRetry={() => void load()} /> : <Loading />;
  const delivered = new Set(chat.messages.map((message) => message.clientMessageId).filter(Boolean));
  const waiting = pending.filter((entry) => !delivered.has(entry.clientMessageId));
  const closed = Boolean(chat.contactEndedAt);
  return (
    <div className="chat">
      <h2 className="section-title">{chat.organization.name}</h2>
      {error ? <p className="muted">Offline – du siehst den letzten Stand.</p> : null}
      <ol className="messages" aria-label="Nachrichten">
        {chat.messages.map((message) => (
          <MessageBubble key={message.id} message={message} read={(chat.readByOrganization ?? 0) >= message.seq} />
        ))}
        {waiting.map((entry) => (
          <li key={entry.clientMessageId} className="message message-own message-pending">
            <p>{entry.text}</p>
            <p className="message-meta">
              <span aria-hidden="true">◷ </span>wird gesendet
            </p>
          </li>
        ))}
      </ol>
      <div ref={end} />
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {notice ? <p className="form-error">{notice}</p> : null}
      {closed ? (
        <p className="notice">Du hast den Kontakt beendet. Hier können keine Nachrichten mehr gesendet werden.</p>
      ) : (
        <>
          <ConsentNotice message={consent.message} />
          <form className="composer" onSubmit={(event) => void send(event)}>
            <label htmlFor="message" className="visually-hidden">
              Nachricht
            </label>
            <textarea
              id="message"
              rows={2}
              maxLength={MESSAGE_MAX_LENGTH}
              placeholder="Nachricht schreiben"
              value={text}
              onInput={(event) => setText(event.currentTarget.value)}
              disabled={consent.blocked}
              aria-describedby={consent.describedBy}
            />
            <button
              type="submit"
              className="button"
              disabled={!text.trim() || consent.blocked}
              aria-describedby={consent.describedBy}
            >
              Senden
            </button>
          </form>
        </>
      )}
      <div className="row">
        <button type="button" className="button button-link" onClick={() => setReporting(!reporting)}>
          Melden
        </button>
        {closed ? null : (
          <button type="button" className="button button-link" onClick={() => void endContact()}>
            Kontakt beenden
          </button>
        )}
      </div>
      {reporting ? <ReportForm subject="CHAT" targetId={organizationId} onClose={() => setReporting(false)} /> : null}
    </div>
  );
}

function MessageBubble({ message, read }: { message: ChatMessage; read: boolean }) {
  const own = message.sender === 'APPLICANT';
  const system = message.sender === 'SYSTEM';
  return (
    <li className={`message ${own ? 'message-own' : system ? 'message-system' : 'message-other'}`}>
      {!own && !system ? <span className="visually-hidden">Firma: </span> : null}
      <p className="pre-line">{message.text}</p>
      <p className="message-meta">
        {messageTime(message.timestamp)}
        {own ? (read ? ' · gelesen' : ' · gesendet') : ''}
      </p>
    </li>
  );
}
