/**
 * The job widget (issue #13, ADR 0038): renders an organisation's active postings into a Shadow
 * DOM on any website. Plain DOM, no framework, no cookies, no storage, no tracking: one request
 * for the data, images from the same API. Every text goes in as text (textContent), never as HTML.
 */
import type { JobWidgetPosting, JobWidgetResponse } from '@matchwerk/shared';
import { JOB_WIDGET_CSS } from './job-widget-styles';

export const JOB_WIDGET_TEXTS = {
  loading: 'Stellen werden geladen …',
  heading: (name: string) => `Offene Stellen bei ${name}`,
  headingUnknown: 'Offene Stellen',
  empty: 'Zurzeit keine offenen Stellen.',
  error: 'Die Stellen können gerade nicht angezeigt werden. Bitte versuchen Sie es später noch einmal.',
  start: (date: string) => `Beginn ${date}`,
  logo: (name: string) => `Logo von ${name}`,
  app: 'Bewerben mit der kostenlosen Matchwerk-App',
} as const;

/** The candidate app's start (CANDIDATE_APP_START_PATH, checked by the test): candidates show interest there. */
export const JOB_WIDGET_APP_PATH = '/app/#/entdecken';

/** The data path of the API (JOB_WIDGET_PATHS.data): written out so the bundle needs nothing of the shared package at run time. */
const DATA_PATH = '/rest/public/organizations/:organizationId/job-widget';

export interface JobWidgetOptions {
  organizationId: string;
  /** Origin of the Matchwerk app that serves the data (where the script came from). */
  apiOrigin: string;
  /** Level of the widget's heading on the host page (default 2). */
  headingLevel?: number;
}

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; data: JobWidgetResponse };

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** `2027-09-01` → `01.09.2027`. */
export function germanDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}

/** Only links and images of the app's own origin are used: a tampered answer cannot point elsewhere. */
function sameOrigin(url: string | null, origin: string): url is string {
  if (typeof url !== 'string') return false;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

function isWidgetData(value: unknown): value is JobWidgetResponse {
  const data = value as JobWidgetResponse | null;
  return typeof data?.organization?.name === 'string' && Array.isArray(data.postings);
}

function adoptStyles(root: ShadowRoot): void {
  // A constructed stylesheet needs no inline <style>, which a strict CSP on the host page may forbid.
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(JOB_WIDGET_CSS);
      root.adoptedStyleSheets = [sheet];
      return;
    } catch {
      // Older engines: fall through to a <style> element.
    }
  }
  root.append(element('style', undefined, JOB_WIDGET_CSS));
}

function postingItem(posting: JobWidgetPosting, origin: string): HTMLLIElement {
  const item = element('li');
  const link = element('a');
  link.href = posting.url;
  if (sameOrigin(posting.imageUrl, origin)) {
    const image = element('img', 'img');
    // Decorative: the link's text names the posting.
    image.alt = '';
    image.loading = 'lazy';
    image.decoding = 'async';
    image.referrerPolicy = 'no-referrer';
    image.src = posting.imageUrl;
    link.append(image);
  }
  const text = element('span', 'text');
  text.append(element('span', 'title', posting.title));
  const meta = [
    posting.typeLabel,
    posting.city,
    posting.start ? JOB_WIDGET_TEXTS.start(germanDate(posting.start)) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  text.append(element('span', 'meta', meta));
  link.append(text);
  item.append(link);
  return item;
}

function render(root: ShadowRoot, state: State, options: JobWidgetOptions): void {
  const requested = options.headingLevel ?? 2;
  const level = Number.isInteger(requested) && requested >= 2 && requested <= 6 ? requested : 2;
  const section = element('section');
  section.lang = 'de';
  const headingId = 'matchwerk-job-widget-heading';
  section.setAttribute('aria-labelledby', headingId);
  const head = element('div', 'head');
  const heading = element(
    `h${level}` as 'h2',
    undefined,
    state.kind === 'ready' ? JOB_WIDGET_TEXTS.heading(state.data.organization.name) : JOB_WIDGET_TEXTS.headingUnknown,
  );
  heading.id = headingId;
  if (state.kind === 'ready' && sameOrigin(state.data.organization.logoUrl, options.apiOrigin)) {
    const logo = element('img', 'logo');
    logo.alt = JOB_WIDGET_TEXTS.logo(state.data.organization.name);
    logo.referrerPolicy = 'no-referrer';
    logo.src = state.data.organization.logoUrl;
    head.append(logo);
  }
  head.append(heading);
  section.append(head);

  if (state.kind === 'loading') {
    section.setAttribute('aria-busy', 'true');
    const status = element('p', 'note', JOB_WIDGET_TEXTS.loading);
    status.setAttribute('role', 'status');
    section.append(status);
  } else if (state.kind === 'error') {
    section.append(element('p', 'note', JOB_WIDGET_TEXTS.error));
  } else {
    const postings = state.data.postings.filter((posting) => sameOrigin(posting.url, options.apiOrigin));
    if (postings.length === 0) section.append(element('p', 'note', JOB_WIDGET_TEXTS.empty));
    else {
      const list = element('ul');
      for (const posting of postings) list.append(postingItem(posting, options.apiOrigin));
      section.append(list);
      const app = element('a', 'app', JOB_WIDGET_TEXTS.app);
      app.href = `${options.apiOrigin}${JOB_WIDGET_APP_PATH}`;
      section.append(app);
    }
  }
  // Replace the previous state only: a <style> fallback beside it stays.
  const previous = root.querySelector('section');
  if (previous) previous.replaceWith(section);
  else root.append(section);
}

/**
 * Attaches a Shadow DOM to `host` and renders the widget into it: loading, then the postings,
 * the empty or the error state. Resolves when the final state is on screen.
 */
export async function mountJobWidget(host: HTMLElement, options: JobWidgetOptions): Promise<void> {
  const existing = host.shadowRoot;
  const root = existing ?? host.attachShadow({ mode: 'open' });
  if (!existing) adoptStyles(root);
  render(root, { kind: 'loading' }, options);
  const url = `${options.apiOrigin}${DATA_PATH.replace(':organizationId', encodeURIComponent(options.organizationId))}`;
  let state: State = { kind: 'error' };
  try {
    const response = await fetch(url, {
      credentials: 'omit',
      mode: 'cors',
      referrerPolicy: 'no-referrer',
    });
    const data: unknown = response.ok ? await response.json() : null;
    if (isWidgetData(data)) state = { kind: 'ready', data };
  } catch {
    // Network failure or an unreadable answer: the quiet error state below, nothing thrown into the host page.
  }
  render(root, state, options);
}
