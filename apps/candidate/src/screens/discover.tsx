import { API_PATHS, REGIONS, type PublicVacancyListItem, type PublicVacancyListResponse } from '@matchwerk/shared';
import { useEffect, useState } from 'react';
import type { ScreenProps } from '../app';
import { PostingCard } from '../components/posting-card';
import { Empty, ErrorState, Loading } from '../components/states';
import { api, messageOf, withQuery } from '../lib/api';
import { startMatches } from '../lib/format';
import { hashOf } from '../lib/routes';
import { useSession } from '../lib/session';
import { DiscoverFilterForm, type DiscoverFilters } from './discover-filters';

const FILTERS_KEY = 'matchwerk.entdecken';
const DEFAULT_FILTERS: DiscoverFilters = {
  region: 'SINDELFINGEN',
  zipCode: '',
  radiusKm: 25,
  type: '',
  occupation: '',
  start: 'egal',
};

function storedFilters(): DiscoverFilters {
  try {
    const stored = JSON.parse(localStorage.getItem(FILTERS_KEY) ?? 'null') as Partial<DiscoverFilters> | null;
    const merged = { ...DEFAULT_FILTERS, ...stored };
    return REGIONS.includes(merged.region) ? merged : DEFAULT_FILTERS;
  } catch {
    return DEFAULT_FILTERS;
  }
}

function listPath(filters: DiscoverFilters, cursor: string | null): string {
  return withQuery(API_PATHS.publicVacancies, {
    region: filters.region,
    type: filters.type,
    occupation: filters.occupation,
    zipCode: filters.zipCode,
    radiusKm: filters.zipCode ? filters.radiusKm : undefined,
    sort: filters.zipCode ? 'distance' : 'newest',
    cursor,
  });
}

interface ListState {
  items: PublicVacancyListItem[];
  total: number;
  next: string | null;
  occupations: string[];
}

/** Entdecken: public postings of a region, near a postcode, without an account. */
export function Discover(_props: ScreenProps) {
  const session = useSession();
  const [filters, setFilters] = useState(storedFilters);
  const [list, setList] = useState<ListState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    localStorage.setItem(FILTERS_KEY, JSON.stringify(filters));
    const controller = new AbortController();
    api<PublicVacancyListResponse>(listPath(filters, null), { signal: controller.signal })
      .then((answer) =>
        setList({
          items: answer.items,
          total: answer.total,
          next: answer.nextCursor,
          occupations: answer.facets.occupations,
        }),
      )
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(caught));
      });
    return () => controller.abort();
  }, [filters, attempt]);

  /** New filters or a retry: the list shows "loading" until the new answer. */
  const reload = (next: DiscoverFilters) => {
    setList(null);
    setError(null);
    setFilters(next);
    setAttempt((value) => value + 1);
  };

  const loadMore = async () => {
    if (!list?.next) return;
    setLoadingMore(true);
    try {
      const answer = await api<PublicVacancyListResponse>(listPath(filters, list.next));
      setList({ ...list, items: [...list.items, ...answer.items], next: answer.nextCursor });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setLoadingMore(false);
    }
  };

  const shown = list?.items.filter((item) => startMatches(item.start ?? item.startOfTraining, filters.start)) ?? [];
  return (
    <>
      {session.status === 'signed-out' ? (
        <p className="intro">
          Finde Ausbildung, Praktikum oder Ferienjob in deiner Nähe. Ohne Konto stöbern – mit Konto Interesse zeigen und
          direkt mit Firmen schreiben. <a href={hashOf({ name: 'registrieren', next: null })}>Kostenlos registrieren</a>
        </p>
      ) : null}
      <DiscoverFilterForm value={filters} occupations={list?.occupations ?? []} onChange={reload} />
      {error && !list ? <ErrorState message={error} onRetry={() => reload(filters)} /> : null}
      {!list && !error ? <Loading label="Stellen werden geladen …" /> : null}
      {list ? (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="section-title" aria-live="polite">
            {list.total === 1 ? '1 Stelle' : `${list.total} Stellen`}
            {filters.zipCode ? ` im Umkreis von ${filters.radiusKm} km um ${filters.zipCode}` : ''}
          </h2>
          {shown.length === 0 ? (
            <Empty title="Keine passenden Stellen gefunden.">
              <p>Versuch einen größeren Umkreis oder weniger Filter.</p>
            </Empty>
          ) : (
            <ul className="card-list">
              {shown.map((item) => (
                <li key={item.id}>
                  <PostingCard
                    posting={{
                      id: item.id,
                      title: item.title,
                      type: item.type,
                      companyName: item.organization.name,
                      city: item.city,
                      zipCode: item.zipCode,
                      start: item.start ?? item.startOfTraining,
                      imageUrl: item.imageUrl,
                      distanceKm: item.distanceKm,
                      salaryPerTrainingYear: item.salaryPerTrainingYear,
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          {error ? <ErrorState message={error} /> : null}
          {list.next ? (
            <button
              type="button"
              className="button button-secondary button-wide"
              onClick={loadMore}
              disabled={loadingMore}
            >
              {loadingMore ? 'Wird geladen …' : 'Mehr Stellen laden'}
            </button>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
