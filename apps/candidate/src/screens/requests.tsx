import {
  API_PATHS,
  RESPONSE_DEADLINE_DEFAULT_DAYS,
  type ApplicantMatching,
  type ApplicantMatchingsResponse,
  type MatchingState,
} from '@matchwerk/shared';
import { useState } from 'react';
import type { ScreenProps } from '../app';
import { Empty, ErrorState, Loading } from '../components/states';
import { api, messageOf, pathOf } from '../lib/api';
import { dayText } from '../lib/format';
import { hashOf } from '../lib/routes';
import { useResource } from '../lib/use-resource';

const GROUPS: { state: MatchingState; title: string; empty: string }[] = [
  { state: 'ACCEPTED', title: 'Angenommen', empty: 'Noch keine Zusage. Das kommt!' },
  { state: 'OPEN', title: 'Offen', empty: 'Keine offenen Anfragen.' },
  { state: 'REJECTED', title: 'Abgesagt', empty: 'Keine Absagen.' },
];

/** When an unanswered request closes by itself (the answer deadline, default 14 days). */
function closesOn(createdAt: string): string {
  return dayText(new Date(new Date(createdAt).getTime() + RESPONSE_DEADLINE_DEFAULT_DAYS * 86_400_000).toISOString());
}

/** Meine Anfragen: open, accepted and declined requests; withdraw an open one. */
export default function Requests(_props: ScreenProps) {
  const matchings = useResource<ApplicantMatchingsResponse>(API_PATHS.applicantMatchings, { pollMs: 30_000 });
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  if (matchings.status === 'loading') return <Loading />;
  if (!matchings.data) return <ErrorState message={matchings.error ?? ''} onRetry={() => void matchings.reload()} />;

  const withdraw = async (matching: ApplicantMatching) => {
    if (!window.confirm(`Anfrage für „${matching.vacancyTitle}“ wirklich zurückziehen?`)) return;
    setBusy(matching.vacancyId);
    try {
      await api(pathOf(API_PATHS.applicantMatching, { vacancyId: matching.vacancyId }), { method: 'DELETE' });
      setNotice(`Anfrage für „${matching.vacancyTitle}“ zurückgezogen.`);
      await matchings.reload();
    } catch (caught) {
      setNotice(messageOf(caught));
    } finally {
      setBusy(null);
    }
  };

  const all = matchings.data.matchings;
  // After the first acceptance push matters: on an iPhone it needs the installed app.
  const offerInstall =
    all.some((matching) => matching.state === 'ACCEPTED') && !window.matchMedia('(display-mode: standalone)').matches;
  return (
    <>
      {offerInstall ? (
        <p className="notice">
          Eine Firma will dich kennenlernen! Damit du ihre Antworten sofort mitbekommst:{' '}
          <a href={hashOf({ name: 'installieren' })}>Installiere Matchwerk auf deinem Handy</a>.
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {notice ? <p className="deck-notice">{notice}</p> : null}
      {matchings.error ? <ErrorState message={matchings.error} /> : null}
      {all.length === 0 ? (
        <Empty title="Du hast noch keine Anfragen.">
          <p>Zeig Interesse an Stellen – die Firmen sehen es und melden sich.</p>
          <a className="button" href={hashOf({ name: 'stapel' })}>
            Zum Stapel
          </a>
        </Empty>
      ) : (
        GROUPS.map((group) => {
          const items = all.filter((matching) => matching.state === group.state);
          return (
            <section key={group.state} aria-labelledby={`group-${group.state}`}>
              <h2 id={`group-${group.state}`} className="section-title">
                {group.title} ({items.length})
              </h2>
              {items.length === 0 ? (
                <p className="muted">{group.empty}</p>
              ) : (
                <ul className="list">
                  {items.map((matching) => (
                    <li key={matching.vacancyId} className="list-item">
                      <p className="list-title">
                        <a href={hashOf({ name: 'stelle', id: matching.vacancyId })}>{matching.vacancyTitle}</a>
                      </p>
                      <p className="muted">{matching.organization.name}</p>
                      {matching.state === 'OPEN' ? (
                        <>
                          <p className="muted">
                            Gesendet am {dayText(matching.createdAt)}. Ohne Antwort endet die Anfrage am{' '}
                            {closesOn(matching.createdAt)}.
                          </p>
                          <button
                            type="button"
                            className="button button-secondary"
                            disabled={busy === matching.vacancyId}
                            onClick={() => void withdraw(matching)}
                          >
                            Zurückziehen
                          </button>
                        </>
                      ) : null}
                      {matching.state === 'ACCEPTED' ? (
                        <a className="button" href={hashOf({ name: 'chat', organizationId: matching.organization.id })}>
                          Zum Chat
                        </a>
                      ) : null}
                      {matching.state === 'REJECTED' ? (
                        <p className="quote">
                          {matching.declineMessage ??
                            (matching.declinedAutomatically
                              ? 'Die Firma hat nicht rechtzeitig geantwortet.'
                              : 'Die Firma hat abgesagt.')}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </>
  );
}
