import {
  API_PATHS,
  CANDIDATE_NOTIFICATION_KIND_LABELS,
  CANDIDATE_NOTIFICATION_KINDS,
  type CandidateNotificationKind,
  type CandidateNotificationSettings,
} from '@matchwerk/shared';
import { useEffect, useState } from 'react';
import { ErrorState, Loading } from '../components/states';
import { api, messageOf } from '../lib/api';
import { disablePush, enablePush, pushState, type PushState } from '../lib/push';
import { hashOf } from '../lib/routes';
import { useResource } from '../lib/use-resource';

const PUSH_TEXT: Record<PushState, string> = {
  unsupported:
    'Dieser Browser kann keine Mitteilungen empfangen. Auf dem iPhone geht das erst, wenn du Matchwerk installierst.',
  denied: 'Du hast Mitteilungen für Matchwerk blockiert. Du kannst sie in den Einstellungen deines Browsers erlauben.',
  off: 'Mitteilungen auf diesem Gerät sind aus. Wir schicken dir stattdessen E-Mails.',
  on: 'Mitteilungen auf diesem Gerät sind an.',
};

/** Push on this device, and push / e-mail per kind (issue 46 item 2). */
export function NotificationSettings() {
  const settings = useResource<CandidateNotificationSettings>(API_PATHS.applicantNotificationSettings);
  const [device, setDevice] = useState<PushState | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    void pushState().then(setDevice);
  }, []);

  const toggleDevice = async () => {
    try {
      if (device === 'on') {
        await disablePush();
        setDevice('off');
      } else setDevice(await enablePush());
    } catch (caught) {
      setMessage(messageOf(caught));
    }
  };

  const save = async (next: CandidateNotificationSettings) => {
    try {
      await api(API_PATHS.applicantNotificationSettings, {
        method: 'PUT',
        body: { push: next.push, email: next.email, quietHours: next.quietHours },
      });
      setMessage('Gespeichert.');
      await settings.reload();
    } catch (caught) {
      setMessage(messageOf(caught));
    }
  };

  const toggle = (channel: 'push' | 'email', kind: CandidateNotificationKind) => {
    if (!settings.data) return;
    const data = settings.data;
    void save({ ...data, [channel]: { ...data[channel], [kind]: !data[channel][kind] } });
  };

  return (
    <section aria-labelledby="notify-heading" className="panel">
      <h2 id="notify-heading">Benachrichtigungen</h2>
      {device ? <p>{PUSH_TEXT[device]}</p> : null}
      {device === 'on' || device === 'off' ? (
        <button type="button" className="button button-secondary" onClick={() => void toggleDevice()}>
          {device === 'on' ? 'Mitteilungen ausschalten' : 'Mitteilungen einschalten'}
        </button>
      ) : device === 'unsupported' ? (
        <a href={hashOf({ name: 'installieren' })}>So installierst du Matchwerk</a>
      ) : null}
      {settings.status === 'loading' ? <Loading /> : null}
      {settings.status === 'error' && !settings.data ? <ErrorState message={settings.error} /> : null}
      {settings.data ? (
        <table className="toggles">
          <caption className="visually-hidden">Benachrichtigungen je Art</caption>
          <thead>
            <tr>
              <th scope="col">Worüber</th>
              <th scope="col">Mitteilung</th>
              <th scope="col">E-Mail</th>
            </tr>
          </thead>
          <tbody>
            {CANDIDATE_NOTIFICATION_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{CANDIDATE_NOTIFICATION_KIND_LABELS[kind]}</th>
                {(['push', 'email'] as const).map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      aria-label={`${CANDIDATE_NOTIFICATION_KIND_LABELS[kind]}: ${channel === 'push' ? 'Mitteilung' : 'E-Mail'}`}
                      checked={settings.data?.[channel][kind] ?? false}
                      onChange={() => toggle(channel, kind)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {settings.data ? (
        <label className="radio">
          <input
            type="checkbox"
            checked={settings.data.quietHours}
            onChange={() => settings.data && void save({ ...settings.data, quietHours: !settings.data.quietHours })}
          />{' '}
          Ruhezeit von {settings.data.quietHoursWindow.from} bis {settings.data.quietHoursWindow.to} Uhr
        </label>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
    </section>
  );
}
