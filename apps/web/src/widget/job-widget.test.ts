/**
 * The job widget's rendering in jsdom: loading, the postings as a list of links under a heading,
 * the empty and the error state, text never parsed as HTML, and the snippet's script entry
 * mounting right where its tag stands.
 */
import { CANDIDATE_APP_START_PATH, type JobWidgetResponse } from '@matchwerk/shared';
import { getByRole, getAllByRole, getByText } from '@testing-library/dom';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '../testing/api-server';
import { germanDate, JOB_WIDGET_APP_PATH, JOB_WIDGET_TEXTS, mountJobWidget } from './job-widget';

const ORIGIN = 'https://matchwerk.example';
const ORGANIZATION_ID = '7d9f1c1e-2f55-4a57-9a55-0f3b8a6f9b10';

const DATA: JobWidgetResponse = {
  organization: {
    name: 'Schwabenwerk Präzisionstechnik GmbH',
    logoUrl: `${ORIGIN}/rest/public/organizations/${ORGANIZATION_ID}/job-widget/images/logo`,
  },
  postings: [
    {
      id: 'a1',
      title: 'Ausbildung Industriemechaniker/in (m/w/d)',
      type: 'APPRENTICESHIP',
      typeLabel: 'Ausbildung',
      city: 'Sindelfingen',
      start: '2027-09-01',
      imageUrl: `${ORIGIN}/rest/public/organizations/${ORGANIZATION_ID}/job-widget/images/p1`,
      url: `${ORIGIN}/stellen/a1`,
    },
    {
      id: 'b2',
      title: '<img src=x onerror=alert(1)>Ferienjob',
      type: 'HOLIDAY_JOB',
      typeLabel: 'Ferienjob',
      city: 'Böblingen',
      start: null,
      imageUrl: null,
      url: `${ORIGIN}/stellen/b2`,
    },
  ],
};

/** The widget's data URL on the app's origin (cross-origin for the host page). */
const DATA_URL = `${ORIGIN}/rest/public/organizations/${ORGANIZATION_ID}/job-widget`;

/**
 * The app answers the widget's data request with `status` and `body` (replacing an earlier
 * answer); returns the requests it answered, in order.
 */
function answer(status: number, body: JsonBodyType): Request[] {
  const requests: Request[] = [];
  serveApi(
    http.get(DATA_URL, ({ request }) => {
      requests.push(request);
      return HttpResponse.json(body, { status });
    }),
  );
  return requests;
}

function host(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('mountJobWidget', () => {
  it('shows a loading state, then a heading and one link per posting into its Shadow DOM', async () => {
    const requests = answer(200, DATA);
    const element = host();
    const mounted = mountJobWidget(element, { organizationId: ORGANIZATION_ID, apiOrigin: ORIGIN });
    const root = element.shadowRoot!;
    expect(getByRole(root as unknown as HTMLElement, 'status').textContent).toBe(JOB_WIDGET_TEXTS.loading);
    await mounted;

    expect(
      requests.map(({ method, url, credentials, mode, referrerPolicy }) => ({
        method,
        url,
        credentials,
        mode,
        referrerPolicy,
      })),
    ).toEqual([{ method: 'GET', url: DATA_URL, credentials: 'omit', mode: 'cors', referrerPolicy: 'no-referrer' }]);
    const view = root as unknown as HTMLElement;
    expect(getByRole(view, 'heading', { level: 2 }).textContent).toBe(
      'Offene Stellen bei Schwabenwerk Präzisionstechnik GmbH',
    );
    expect(
      getByRole(view, 'region', { name: 'Offene Stellen bei Schwabenwerk Präzisionstechnik GmbH' }).getAttribute(
        'lang',
      ),
    ).toBe('de');
    const links = getAllByRole(getByRole(view, 'list'), 'link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`${ORIGIN}/stellen/a1`, `${ORIGIN}/stellen/b2`]);
    expect(links[0]!.textContent).toBe(
      'Ausbildung Industriemechaniker/in (m/w/d)Ausbildung · Sindelfingen · Beginn 01.09.2027',
    );
    expect(getByRole(view, 'img', { name: 'Logo von Schwabenwerk Präzisionstechnik GmbH' })).toBeTruthy();
    // Posting photos are decorative (alt=""), loaded lazily without a referrer.
    const photo = links[0]!.querySelector('img')!;
    expect(photo.getAttribute('alt')).toBe('');
    expect(photo.loading).toBe('lazy');
    expect(photo.referrerPolicy).toBe('no-referrer');
    // Text stays text: the title with markup is shown, not parsed.
    expect(getByText(view, '<img src=x onerror=alert(1)>Ferienjob')).toBeTruthy();
    expect(links[1]!.querySelector('img')).toBeNull();
    // Below the list: candidates show interest in the Matchwerk app (its start, on the widget's origin).
    expect(getByRole(view, 'link', { name: JOB_WIDGET_TEXTS.app }).getAttribute('href')).toBe(
      `${ORIGIN}${CANDIDATE_APP_START_PATH}`,
    );
    expect(JOB_WIDGET_APP_PATH).toBe(CANDIDATE_APP_START_PATH);
    expect(root.querySelector('style')?.textContent).toContain(':host');
    // Nothing leaks into the host page.
    expect(element.children).toHaveLength(0);
  });

  it('shows the empty state when the company has no visible posting', async () => {
    answer(200, { ...DATA, postings: [] });
    const element = host();
    await mountJobWidget(element, { organizationId: ORGANIZATION_ID, apiOrigin: ORIGIN });
    const view = element.shadowRoot as unknown as HTMLElement;
    expect(getByText(view, JOB_WIDGET_TEXTS.empty)).toBeTruthy();
    expect(view.querySelector('ul')).toBeNull();
  });

  it('shows the quiet error state for a 404, a failed request and an unexpected answer', async () => {
    const failures: (() => void)[] = [
      () => answer(404, { code: 'NOT_FOUND', message: 'Nicht gefunden' }),
      // A failed request (offline, CORS refused): fetch rejects with a TypeError.
      () => serveApi(http.get(DATA_URL, () => HttpResponse.error())),
      () => answer(200, { unexpected: true }),
    ];
    for (const serveFailure of failures) {
      serveFailure();
      const element = host();
      await mountJobWidget(element, { organizationId: ORGANIZATION_ID, apiOrigin: ORIGIN });
      const view = element.shadowRoot as unknown as HTMLElement;
      expect(getByRole(view, 'heading', { level: 2 }).textContent).toBe(JOB_WIDGET_TEXTS.headingUnknown);
      expect(getByText(view, JOB_WIDGET_TEXTS.error)).toBeTruthy();
      expect(view.querySelector('[aria-busy]')).toBeNull();
    }
  });

  it('drops links and images that do not point to the app itself', async () => {
    const element = host();
    const tampered = {
      organization: { name: 'X', logoUrl: 'https://elsewhere.example/logo.png' },
      postings: [
        { ...DATA.postings[0]!, url: 'javascript:alert(1)' },
        { ...DATA.postings[1]!, imageUrl: 'https://tracker.example/pixel.gif' },
      ],
    };
    answer(200, tampered);
    await mountJobWidget(element, { organizationId: ORGANIZATION_ID, apiOrigin: ORIGIN });
    const root = element.shadowRoot!;
    expect([...root.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      `${ORIGIN}/stellen/b2`,
      `${ORIGIN}${JOB_WIDGET_APP_PATH}`,
    ]);
    expect(root.querySelectorAll('img')).toHaveLength(0);
  });

  it('uses the heading level the host page asks for (2–6), else 2', async () => {
    answer(200, DATA);
    for (const [asked, level] of [
      [3, 3],
      [6, 6],
      [1, 2],
      [Number.NaN, 2],
    ] as const) {
      const element = host();
      await mountJobWidget(element, { organizationId: ORGANIZATION_ID, apiOrigin: ORIGIN, headingLevel: asked });
      expect(getByRole(element.shadowRoot as unknown as HTMLElement, 'heading').tagName).toBe(`H${level}`);
    }
  });

  it('formats dates the German way', () => {
    expect(germanDate('2027-09-01')).toBe('01.09.2027');
  });
});

describe('the snippet (widget/v1.js entry)', () => {
  it('renders right where its script tag stands, with data from the origin the script came from', async () => {
    const requests = answer(200, DATA);
    document.body.innerHTML = `<p id="before">Vorher</p><script src="${ORIGIN}/widget/v1.js" data-organization="${ORGANIZATION_ID}" async></script><p id="after">Nachher</p>`;
    vi.resetModules();
    await import('./v1');
    await vi.waitFor(() =>
      expect(document.querySelector('.matchwerk-job-widget')?.shadowRoot?.querySelectorAll('li a')).toHaveLength(2),
    );
    const widget = document.querySelector('.matchwerk-job-widget')!;
    expect(widget.previousElementSibling?.id).toBe('before');
    expect(widget.nextElementSibling?.tagName).toBe('SCRIPT');
    expect(requests[0]?.url).toBe(DATA_URL);
  });
});
