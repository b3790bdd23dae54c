import { POSTING_TYPE_LABELS } from '@matchwerk/shared';
import { useEffect, useRef, useState } from 'react';
import type { ScreenProps } from '../app';
import { ConsentNotice, useConsentBlock } from '../components/consent-notice';
import { Empty, ErrorState, Loading } from '../components/states';
import { ApiError, messageOf } from '../lib/api';
import {
  act,
  limitText,
  loadDeck,
  photoUrl,
  undo,
  type DeckAction,
  type DeckItem,
  type InterestsToday,
} from '../lib/deck';
import { distanceText, startText } from '../lib/format';
import { hashOf } from '../lib/routes';
import { refreshConsent } from '../lib/session';

/** How far a card must be dragged sideways to count as a swipe (pixels). */
const SWIPE_DISTANCE = 110;

interface Done {
  item: DeckItem;
  action: DeckAction;
}

/** Stapel: one posting at a time, "Interessiert" / "Nicht jetzt" by button or swipe, undo. */
export default function Deck(_props: ScreenProps) {
  const [items, setItems] = useState<DeckItem[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [done, setDone] = useState<Done[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [why, setWhy] = useState(false);
  /** The daily limit, counted on here after each interest or undo (the server's 429 stays the rule). */
  const [today, setToday] = useState<InterestsToday | null>(null);
  const [drag, setDrag] = useState(0);
  const dragStart = useRef<number | null>(null);
  const zipCode = localStorage.getItem('matchwerk.plz') ?? undefined;
  /** "Standort verwenden": the feed sorted by distance from here instead of the postcode. */
  const [position, setPosition] = useState<{ lat: number; lng: number } | null>(null);
  /** Until a parent confirmed (under 16), "Interessiert" waits; "Nicht jetzt" and browsing stay. */
  const consent = useConsentBlock('INTEREST');

  /** The page to load: null for the first, a cursor for more; `attempt` repeats after an error. */
  const [page, setPage] = useState<{ cursor: string | null; attempt: number }>({ cursor: null, attempt: 0 });

  useEffect(() => {
    let current = true;
    loadDeck(page.cursor, position ?? (zipCode ? { zipCode } : {})).then(
      (loaded) => {
        if (!current) return;
        setItems((previous) => (page.cursor && previous ? [...previous, ...loaded.items] : loaded.items));
        setNext(loaded.next);
        if (loaded.interestsToday) setToday(loaded.interestsToday);
        setError(null);
      },
      (caught: unknown) => current && setError(messageOf(caught)),
    );
    return () => {
      current = false;
    };
  }, [page, zipCode, position]);

  const useLocation = () => {
    if (!('geolocation' in navigator)) {
      setNotice('Dein Gerät kann den Standort nicht bestimmen.');
      return;
    }
    setNotice('Standort wird bestimmt …');
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setItems(null);
        setPosition({
          lat: Math.round(found.coords.latitude * 1000) / 1000,
          lng: Math.round(found.coords.longitude * 1000) / 1000,
        });
        setPage({ cursor: null, attempt: 0 });
        setNotice('Stellen in deiner Nähe zuerst.');
      },
      () =>
        setNotice(
          'Standort nicht verfügbar. Erlaube ihn in deinem Browser oder trag deine Postleitzahl im Profil ein.',
        ),
      { maximumAge: 600_000, timeout: 10_000 },
    );
  };

  const current = items?.[0] ?? null;

  const decide = async (action: DeckAction) => {
    if (!current || busy || (action === 'interested' && consent.blocked)) return;
    setBusy(true);
    setNotice(null);
    try {
      await act(current, action);
      if (action === 'interested') setToday((value) => value && { ...value, used: value.used + 1 });
      setDone((previous) => [...previous, { item: current, action }]);
      setItems((previous) => previous?.slice(1) ?? null);
      // Fetch the next page before the deck runs empty.
      if (next && items && items.length <= 3) setPage({ cursor: next, attempt: 0 });
      setWhy(false);
      setNotice(
        action === 'interested'
          ? `Interesse an „${current.title}“ gezeigt. ${current.organization.name} meldet sich bei dir.`
          : `„${current.title}“ ausgeblendet.`,
      );
    } catch (caught) {
      setNotice(messageOf(caught));
      // The server's 403 stays the rule: a parent may have revoked meanwhile.
      if (caught instanceof ApiError && caught.code === 'PARENTAL_CONSENT_REQUIRED') void refreshConsent();
    } finally {
      setBusy(false);
      setDrag(0);
    }
  };

  const takeBack = async () => {
    const last = done.at(-1);
    if (!last || busy) return;
    setBusy(true);
    try {
      await undo(last.item, last.action);
      if (last.action === 'interested') setToday((value) => value && { ...value, used: Math.max(0, value.used - 1) });
      setDone((previous) => previous.slice(0, -1));
      setItems((previous) => [last.item, ...(previous ?? [])]);
      setNotice(`„${last.item.title}“ ist wieder da.`);
    } catch (caught) {
      setNotice(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  if (error && !items)
    return <ErrorState message={error} onRetry={() => setPage({ cursor: null, attempt: page.attempt + 1 })} />;
  if (!items) return <Loading label="Dein Stapel wird geladen …" />;

  const photo = current ? photoUrl(current) : null;
  const start = current ? startText(current.start) : null;
  const distance = current ? distanceText(current.distanceKm) : null;
  return (
    <div className="deck">
      <ConsentNotice message={consent.message} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {notice}
      </p>
      {notice ? (
        <p className="deck-notice" aria-hidden="true">
          {notice}
        </p>
      ) : null}
      {current ? (
        <article
          className="deck-card"
          aria-labelledby="deck-title"
          style={drag ? { transform: `translateX(${drag}px) rotate(${drag / 20}deg)` } : undefined}
          onPointerDown={(event) => {
            dragStart.current = event.clientX;
          }}
          onPointerMove={(event) => {
            if (dragStart.current !== null) setDrag(event.clientX - dragStart.current);
          }}
          onPointerUp={() => {
            dragStart.current = null;
            if (drag > SWIPE_DISTANCE && !consent.blocked) void decide('interested');
            else if (drag < -SWIPE_DISTANCE) void decide('dismissed');
            else setDrag(0);
          }}
          onPointerCancel={() => {
            dragStart.current = null;
            setDrag(0);
          }}
        >
          {photo ? (
            <img className="deck-image" src={photo} alt="" width="400" height="240" draggable={false} />
          ) : (
            <div className="deck-image card-image-empty" aria-hidden="true">
              {POSTING_TYPE_LABELS[current.type]}
            </div>
          )}
          <div className="card-body">
            <p className="card-type">{POSTING_TYPE_LABELS[current.type]}</p>
            <h2 id="deck-title" className="card-title">
              <a href={hashOf({ name: 'stelle', id: current.id })}>{current.title}</a>
            </h2>
            <p className="card-company">{current.organization.name}</p>
            <ul className="card-facts">
              <li>
                {current.zipCode} {current.city}
                {distance ? ` · ${distance}` : ''}
              </li>
              {start ? <li>{start}</li> : null}
            </ul>
            <p className="deck-excerpt">{current.descriptionExcerpt}</p>
            <button
              type="button"
              className="button button-link"
              aria-expanded={why}
              aria-controls="deck-why"
              onClick={() => setWhy(!why)}
            >
              Warum passt das?
            </button>
            {why ? (
              <ul id="deck-why" className="deck-why">
                <li>{distance ? `${distance} von deiner Postleitzahl entfernt` : 'In deiner Region'}</li>
                <li>Art: {POSTING_TYPE_LABELS[current.type]}</li>
                <li>{start ? `Beginn ${start}` : 'Beginn nach Absprache'}</li>
                {current.minAge ? <li>Passt zu deinem Alter (ab {current.minAge} Jahren)</li> : null}
              </ul>
            ) : null}
          </div>
        </article>
      ) : (
        <Empty title="Du hast alle Stellen gesehen.">
          <p>Schau später wieder vorbei oder such in Entdecken mit einem größeren Umkreis.</p>
          <a className="button" href={hashOf({ name: 'entdecken' })}>
            Zu Entdecken
          </a>
        </Empty>
      )}
      {today ? <p className="deck-limit">{limitText(today)}</p> : null}
      <div className="deck-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void decide('dismissed')}
          disabled={!current || busy}
        >
          Nicht jetzt
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void decide('interested')}
          disabled={!current || busy || consent.blocked || (today !== null && today.used >= today.perDay)}
          aria-describedby={consent.describedBy}
        >
          Interessiert
        </button>
      </div>
      <button type="button" className="button button-link" onClick={useLocation}>
        Standort verwenden
      </button>
      <button
        type="button"
        className="button button-link button-wide"
        onClick={() => void takeBack()}
        disabled={done.length === 0 || busy}
      >
        Rückgängig
      </button>
    </div>
  );
}
