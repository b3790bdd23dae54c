import { API_PATHS, type ApplicantChatListResponse } from '@matchwerk/shared';
import type { ScreenProps } from '../app';
import { ConsentNotice, useConsentBlock } from '../components/consent-notice';
import { Empty, ErrorState, Loading } from '../components/states';
import { messageTime } from '../lib/format';
import { hashOf } from '../lib/routes';
import { useResource } from '../lib/use-resource';

/** Nachrichten: the chats with companies that accepted, unread first-class. */
export default function Chats(_props: ScreenProps) {
  const chats = useResource<ApplicantChatListResponse>(API_PATHS.applicantChats, { pollMs: 20_000 });
  const consent = useConsentBlock('CHAT');
  if (chats.status === 'loading') return <Loading />;
  if (!chats.data) return <ErrorState message={chats.error ?? ''} onRetry={() => void chats.reload()} />;
  if (chats.data.chats.length === 0)
    return (
      <>
        <ConsentNotice message={consent.message} />
        <Empty title="Noch keine Chats.">
          <p>Sobald eine Firma deine Anfrage annimmt, könnt ihr hier schreiben.</p>
          <a className="button" href={hashOf({ name: 'anfragen' })}>
            Zu meinen Anfragen
          </a>
        </Empty>
      </>
    );
  return (
    <>
      <ConsentNotice message={consent.message} />
      {chats.error ? <ErrorState message={chats.error} /> : null}
      <ul className="list">
        {chats.data.chats.map((chat) => (
          <li key={chat.organization.id} className="list-item chat-row">
            <a className="chat-link" href={hashOf({ name: 'chat', organizationId: chat.organization.id })}>
              <span className="list-title">{chat.organization.name}</span>
              <span className="muted chat-preview">{chat.lastMessage?.text ?? 'Noch keine Nachricht'}</span>
              <span className="muted chat-time">{messageTime(chat.timestamp)}</span>
            </a>
            {chat.unread > 0 ? (
              <span className="badge">
                {chat.unread}
                <span className="visually-hidden"> ungelesen</span>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
