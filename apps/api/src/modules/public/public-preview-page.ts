import {
  CANDIDATE_APP_CALL_TO_ACTION,
  CANDIDATE_APP_START_PATH,
  formatEuro,
  formatNumber,
  POSTING_TYPE_LABELS,
  POSTING_TYPES,
  PUBLIC_PAGE_SIZE_DEFAULT,
  PUBLIC_RADIUS_OPTIONS_KM,
  PUBLIC_VACANCY_SORT_LABELS,
  PUBLIC_VACANCY_SORTS,
  publicPostingPath,
  publicPreviewPath,
  publicVacancyQuerySchema,
  REGION_LABELS,
  type PublicVacancyListItem,
  type PublicVacancyListResponse,
  type PublicVacancyQueryParsed,
  type Region,
} from '@matchwerk/shared';
import { escapeHtml } from '../../mail/mail-line';
import { germanDate, renderPublicHead, renderPublicLayout } from './public-page';

/**
 * The server-rendered preview of a region (`/vorschau-<slug>`, issue #13, ADR 0039): the same list
 * as the SPA's `/#/vorschau-<slug>` from the same public service, as plain HTML with a GET form for
 * the filters and a "Weitere Stellen" link carrying the API's cursor — readable and usable without
 * JavaScript (crawlers, slow phones). No script runs on it; the ItemList JSON-LD is data.
 */

/** The form's fields: the public API's filters without region (the path) and limit (fixed). */
const FIELDS = ['type', 'occupation', 'place', 'zipCode', 'radiusKm', 'sort', 'cursor'] as const;
type Field = (typeof FIELDS)[number];

const previewQuerySchema = publicVacancyQuerySchema.omit({ limit: true });

export type PreviewQueryResult =
  | { ok: true; query: PublicVacancyQueryParsed; filters: Partial<Record<Field, string>> }
  | { ok: false; messages: string[] };

/**
 * A query string of the form → the public API's query. An empty field (the form's "Alle") means no
 * filter; a field given twice is an error like any other invalid value; other parameters (e.g. a
 * campaign tag) are ignored.
 */
export function parsePreviewQuery(raw: Record<string, unknown>, region: Region): PreviewQueryResult {
  const filters: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) {
    const value = raw[field];
    if (Array.isArray(value)) return { ok: false, messages: [`Der Parameter „${field}“ ist mehrfach angegeben.`] };
    if (typeof value === 'string' && value.trim() !== '') filters[field] = value;
  }
  const parsed = previewQuerySchema.safeParse({ ...filters, region });
  if (!parsed.success) return { ok: false, messages: [...new Set(parsed.error.issues.map((issue) => issue.message))] };
  return { ok: true, query: { ...parsed.data, limit: PUBLIC_PAGE_SIZE_DEFAULT }, filters };
}

function queryString(values: Partial<Record<Field, string>>): string {
  const params = new URLSearchParams();
  for (const field of FIELDS) {
    const value = values[field];
    if (value !== undefined) params.set(field, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function option(value: string, label: string, selected: string | undefined): string {
  return `<option value="${escapeHtml(value)}"${value === (selected ?? '') ? ' selected' : ''}>${escapeHtml(label)}</option>`;
}

function select(name: Field, label: string, options: [string, string][], selected: string | undefined): string {
  return `<div><label for="f-${name}">${escapeHtml(label)}</label><select id="f-${name}" name="${name}">${options.map(([value, text]) => option(value, text, selected)).join('')}</select></div>`;
}

function filterForm(
  region: Region,
  facets: PublicVacancyListResponse['facets'],
  query: PublicVacancyQueryParsed,
): string {
  return `<section class="box" aria-labelledby="filter-titel">
<h2 id="filter-titel">Stellen filtern</h2>
<form class="filters" method="get" action="${escapeHtml(publicPreviewPath(region))}">
${select('type', 'Art der Stelle', [['', 'Alle Arten'], ...POSTING_TYPES.map((type): [string, string] => [type, POSTING_TYPE_LABELS[type]])], query.type)}
${select('occupation', 'Ausbildungsberuf', [['', 'Alle Berufe'], ...facets.occupations.map((name): [string, string] => [name, name])], query.occupation)}
${select('place', 'Ort', [['', 'Alle Orte'], ...facets.places.map((name): [string, string] => [name, name])], query.place)}
<div><label for="f-zipCode">Postleitzahl (für den Umkreis)</label><input id="f-zipCode" name="zipCode" inputmode="numeric" pattern="[0-9]{5}" maxlength="5" autocomplete="postal-code" value="${escapeHtml(query.zipCode ?? '')}"></div>
${select(
  'radiusKm',
  'Umkreis',
  PUBLIC_RADIUS_OPTIONS_KM.map((km): [string, string] => [String(km), `${km} km`]),
  String(query.radiusKm),
)}
${select(
  'sort',
  'Sortierung',
  PUBLIC_VACANCY_SORTS.map((sort): [string, string] => [
    sort,
    sort === 'distance' ? `${PUBLIC_VACANCY_SORT_LABELS[sort]} (mit Postleitzahl)` : PUBLIC_VACANCY_SORT_LABELS[sort],
  ]),
  query.sort,
)}
<div class="actions"><button type="submit">Filter anwenden</button><a href="${escapeHtml(publicPreviewPath(region))}">Filter zurücksetzen</a></div>
</form>
</section>`;
}

function fact(label: string, value: string | null): string {
  return value ? `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>` : '';
}

function pay(salaries: number[]): string | null {
  return salaries.length
    ? salaries.map((salary, index) => `${index + 1}. Jahr: ${formatEuro(salary)}`).join(', ')
    : null;
}

function card(item: PublicVacancyListItem, index: number): string {
  const { organization } = item;
  // Width and height reserve the space (no layout shift); the CSS crops every image to 16:9. Only the first row loads at once.
  const image = item.imageUrl
    ? `<img src="${escapeHtml(item.imageUrl)}" alt="" width="640" height="360" loading="${index < 2 ? 'eager' : 'lazy'}" decoding="async">`
    : '';
  const logo = organization.logoUrl
    ? `<img src="${escapeHtml(organization.logoUrl)}" alt="Logo von ${escapeHtml(organization.name)}" width="40" height="40" loading="lazy">`
    : '';
  const start = item.startOfTraining ?? item.start;
  return `<li><article class="card">${image}<div>
<h3><a href="${escapeHtml(publicPostingPath(item.id))}">${escapeHtml(item.title)}</a></h3>
<p class="org">${logo}<span>${escapeHtml(organization.name)}</span></p>
<dl>
${fact('Art', POSTING_TYPE_LABELS[item.type])}
${fact('Ausbildungsberuf', item.trainingOccupationName)}
${fact('Ort', `${item.zipCode} ${item.city}${item.distanceKm === null ? '' : ` (${formatNumber(item.distanceKm, 1)} km entfernt)`}`)}
${fact('Beginn', start ? germanDate(start) : null)}
${fact('Vergütung im Monat', pay(item.salaryPerTrainingYear))}
</dl>
</div></article></li>`;
}

export interface PreviewPageContext {
  region: Region;
  /** Absolute URL of the unfiltered preview (canonical of every variant). */
  url: string;
  absolute: (path: string) => string;
}

function heading(region: Region): string {
  return `Ausbildung und Jobs: ${REGION_LABELS[region]}`;
}

export function renderPreviewPage(
  list: PublicVacancyListResponse,
  result: Extract<PreviewQueryResult, { ok: true }>,
  context: PreviewPageContext,
): string {
  const { region } = context;
  const { query, filters } = result;
  const label = REGION_LABELS[region];
  const title = heading(region);
  const description = `Ausbildungsplätze, Praktika, duale Studiengänge und Ferienjobs in der Region ${label}: ${list.total} offene Stellen von Unternehmen aus der Region – ohne Anmeldung ansehen, mit der Matchwerk-App bewerben.`;
  // Filtered and later pages are variants of the one canonical list: crawlers follow their links but index only the list itself.
  const variant = Object.keys(filters).length > 0;
  const itemList = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: title,
    numberOfItems: list.items.length,
    itemListElement: list.items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: context.absolute(publicPostingPath(item.id)),
    })),
  };
  const head = renderPublicHead({ title, description, url: context.url, noindex: variant, jsonLd: itemList });

  const count = list.total === 1 ? '1 Stelle gefunden' : `${formatNumber(list.total, 0)} Stellen gefunden`;
  const more = list.nextCursor
    ? `<p><a class="more" href="${escapeHtml(`${publicPreviewPath(region)}${queryString({ ...filters, cursor: list.nextCursor })}`)}">Weitere Stellen</a></p>`
    : '';
  const results = list.items.length
    ? `<ol class="cards">${list.items.map(card).join('\n')}</ol>${more}`
    : `<section class="box"><p>Keine Stellen gefunden. Ändere die Filter oder <a href="${escapeHtml(publicPreviewPath(region))}">setze sie zurück</a>.</p></section>`;

  const body = `<h1>${escapeHtml(title)}</h1>
<p>Offene Ausbildungsplätze, Praktika und Jobs bei Unternehmen aus der Region – ohne Anmeldung. <a href="/#${escapeHtml(publicPreviewPath(region))}">Zum Suchen und Filtern</a></p>
${filterForm(region, list.facets, query)}
<section aria-labelledby="treffer-titel">
<h2 id="treffer-titel">${escapeHtml(count)}${query.cursor ? ' (weitere Seite)' : ''}</h2>
${results}
</section>
<section class="cta" aria-labelledby="cta-titel">
<h2 id="cta-titel">${escapeHtml(CANDIDATE_APP_CALL_TO_ACTION.title)}</h2>
<p>${escapeHtml(CANDIDATE_APP_CALL_TO_ACTION.text)}</p>
<p><a class="cta-button" href="${CANDIDATE_APP_START_PATH}">${escapeHtml(CANDIDATE_APP_CALL_TO_ACTION.appButton)}</a></p>
</section>`;
  return renderPublicLayout({
    title: `${title} | Matchwerk`,
    head,
    body,
    headerLink: { href: `/#${publicPreviewPath(region)}`, label: 'Suchen und filtern' },
  });
}

/** Invalid filters or cursor: what is wrong, and the way back; never indexed. */
export function renderPreviewBadRequestPage(region: Region, messages: string[]): string {
  return renderPublicLayout({
    title: `Ungültige Filter – ${heading(region)} | Matchwerk`,
    head: '<meta name="robots" content="noindex">',
    body: `<section class="box error"><h1>Die Filter sind ungültig</h1>
<ul>${messages.map((message) => `<li>${escapeHtml(message)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(publicPreviewPath(region))}">Alle Stellen in ${escapeHtml(REGION_LABELS[region])} ansehen</a></p></section>`,
  });
}

/** An unknown region slug: German 404 with the regions that exist; never indexed. */
export function renderRegionNotFoundPage(regions: readonly Region[]): string {
  return renderPublicLayout({
    title: 'Region nicht gefunden | Matchwerk',
    head: '<meta name="robots" content="noindex">',
    body: `<section class="box"><h1>Region nicht gefunden</h1>
<p>Diese Region gibt es bei Matchwerk nicht. Wähle eine der Regionen:</p>
<ul>${regions.map((region) => `<li><a href="${escapeHtml(publicPreviewPath(region))}">${escapeHtml(REGION_LABELS[region])}</a></li>`).join('')}</ul></section>`,
  });
}
