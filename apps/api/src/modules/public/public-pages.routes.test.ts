import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, photos } from '../../db/schema/index';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../testing/test-app';
import { extractJsonLd } from './json-ld.testing';
import { assertValidJobPosting } from './job-posting-validation.testing';

/** The server-rendered posting page, the sitemaps and robots.txt, without a session. */
let testApp: TestApp;
let organizationId: string;
let visibleId: string;
let hostileId: string;
let photoId: string;
let inactiveId: string;
let secondId: string;

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  testApp = await createTestApp({ clock: () => new Date('2027-01-15T10:00:00Z') });
  const db = testApp.database.db;
  const [org] = await db
    .insert(organizations)
    .values({
      name: 'Schreinerei <Rhein> & Söhne',
      region: 'BIRKENFELD',
      active: true,
      approvedAt: new Date(),
      contactName: 'Geheime Person',
      contactMail: 'geheim@firma.example',
      contactPhone: '06782 1234',
      linkWebsite: 'https://schreinerei.example',
    })
    .returning({ id: organizations.id });
  organizationId = org!.id;
  visibleId = await insertVacancy(db, organizationId, {
    active: true,
    title: 'Ausbildung Tischler/in (m/w/d)',
    trainingOccupationName: 'Tischler/in',
    description: '<p>Du baust <strong>Möbel</strong>.</p>',
    city: 'Idar-Oberstein',
    zipCode: '55743',
    street: 'Hauptstraße',
    streetNumber: '1',
    lat: 49.71,
    lng: 7.31,
    start: '2027-08-01',
    startOfTraining: '2027-08-01',
    applicationDeadline: '2027-03-31',
    salaryPerTrainingYear: ['900', '1000', '1100'],
    contactName: 'Tessa Geheim',
  });
  // A photo row is enough for the page (it only links the image).
  const [photo] = await db
    .insert(photos)
    .values({
      ownerKind: 'vacancy',
      organizationId,
      vacancyId: visibleId,
      storageKey: `test-${crypto.randomUUID()}.webp`,
      mimeType: 'image/webp',
      width: 800,
      height: 600,
      bytes: 1000,
    })
    .returning({ id: photos.id });
  photoId = photo!.id;
  hostileId = await insertVacancy(db, organizationId, {
    active: true,
    type: 'DUAL_STUDY',
    title: '</script><script>alert(1)</script> Duales Studium',
    description: '<p>Text mit </script> darin</p>',
    city: 'Birkenfeld',
    zipCode: '55765',
  });
  inactiveId = await insertVacancy(db, organizationId, { active: false, title: 'Inaktiv' });
  secondId = await insertVacancy(db, organizationId, { active: true, title: 'Zweite' });
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /stellen/:id', () => {
  it('renders a German HTML page with title, description, canonical, Open Graph and valid JobPosting JSON-LD', async () => {
    const response = await get(`/stellen/${visibleId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const html = response.body;
    const url = `${TEST_PUBLIC_URL}/stellen/${visibleId}`;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(
      '<title>Ausbildung Tischler/in (m/w/d) – Schreinerei &#60;Rhein&#62; &#38; Söhne | Matchwerk</title>',
    );
    expect(html).toMatch(
      /<meta name="description" content="Ausbildung bei Schreinerei &#60;Rhein&#62; &#38; Söhne in Idar-Oberstein\. Du baust Möbel\.">/,
    );
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    // Imprint and privacy statement on every public page (issue 48 item 1).
    expect(html).toContain(
      '<nav aria-label="Rechtliches"><ul class="legal"><li><a href="/legal/impressum.html">Impressum</a></li><li><a href="/legal/datenschutz.html">Datenschutz</a></li></ul></nav>',
    );
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta property="og:description"');
    expect(html).toContain(
      `<meta property="og:image" content="${TEST_PUBLIC_URL}/rest/public/vacancies/${visibleId}/photos/${photoId}">`,
    );
    expect(html).toContain(
      `<img src="/rest/public/vacancies/${visibleId}/photos/${photoId}" alt="Foto 1 von 1 zur Stelle Ausbildung Tischler/in (m/w/d)" width="800" height="600"`,
    );
    expect(html).toContain('href="/#/vorschau-birkenfeld"');
    expect(html).toContain('Matchwerk-App');
    // "Interesse zeigen" opens this posting in the candidate app (sign-up there leads back to it).
    expect(html).toContain(`<a class="cta-button" href="/app/#/stelle/${visibleId}">Interesse zeigen</a>`);
    expect(html).toContain('https://www.openstreetmap.org/?mlat=49.71&amp;mlon=7.31');
    expect(html).toMatch(/Vergütung 1\. Ausbildungsjahr<\/dt><dd>900,00\s€ im Monat/);
    // Issue #48: the deadline shows on the public page, not only in the JSON-LD.
    expect(html).toContain('<dt>Bewerbungsschluss</dt><dd>31.03.2027</dd>');
    // No person: neither the contact person nor the organisation's mail or phone (not public).
    expect(html).not.toMatch(/Geheim|geheim@|06782/);

    const [posting] = extractJsonLd(html);
    assertValidJobPosting(posting);
    expect(posting.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(posting).toMatchObject({
      '@type': 'JobPosting',
      title: 'Ausbildung Tischler/in (m/w/d)',
      url,
      validThrough: '2027-03-31', // the Bewerbungsschluss, when there is one
      employmentType: 'FULL_TIME',
      directApply: false,
      occupationalCategory: 'Tischler/in',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Schreinerei <Rhein> & Söhne',
        sameAs: 'https://schreinerei.example',
      },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Hauptstraße 1',
          postalCode: '55743',
          addressLocality: 'Idar-Oberstein',
          addressCountry: 'DE',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 49.71, longitude: 7.31 },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'EUR',
        value: { '@type': 'QuantitativeValue', minValue: 900, maxValue: 1100, unitText: 'MONTH' },
      },
    });
  });

  it('escapes everything: no text of a posting closes the JSON-LD script or becomes markup', async () => {
    const html = (await get(`/stellen/${hostileId}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    // The only </script> is the end of the JSON-LD block; `<` inside it is \u003c.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e Duales Studium');
    const [posting] = extractJsonLd(html);
    assertValidJobPosting(posting);
    expect(posting).toMatchObject({
      title: '</script><script>alert(1)</script> Duales Studium',
      educationRequirements: { credentialCategory: 'high school' },
    });
  });

  it('has its own CSP: no scripts, images from here, only its own style block', async () => {
    const csp = String((await get(`/stellen/${visibleId}`)).headers['content-security-policy']);
    expect(csp).toMatch(
      /^default-src 'none'; img-src 'self'; connect-src 'self'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
  });

  it('answers 304 to If-None-Match', async () => {
    const first = await get(`/stellen/${visibleId}`);
    expect((await get(`/stellen/${visibleId}`, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });

  it('answers a German 404 page with noindex for hidden, unknown and malformed postings', async () => {
    for (const id of [inactiveId, crypto.randomUUID(), 'nicht-da', '%3Cscript%3E']) {
      const response = await get(`/stellen/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Stellenanzeige nicht gefunden');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain('<a href="/legal/impressum.html">Impressum</a>');
      expect(response.body).not.toContain('<script');
    }
  });
});

describe('sitemaps and robots.txt', () => {
  it('lists one sitemap per region with visible postings, each with the visible postings only', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.body).toContain(`<loc>${TEST_PUBLIC_URL}/sitemaps/birkenfeld.xml</loc>`);
    expect(index.body).not.toContain('/sitemaps/vallendar.xml');

    const region = await get('/sitemaps/birkenfeld.xml');
    expect(region.statusCode).toBe(200);
    for (const id of [visibleId, hostileId, secondId])
      expect(region.body).toContain(`<loc>${TEST_PUBLIC_URL}/stellen/${id}</loc>`);
    expect(region.body).not.toContain(inactiveId);
    expect(region.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);
    expect(region.headers['cache-control']).toBe('public, max-age=60');

    await testApp.database.db.update(organizations).set({ active: false }).where(eq(organizations.id, organizationId));
    const hidden = (await get('/sitemaps/birkenfeld.xml')).body;
    for (const id of [visibleId, hostileId, secondId]) expect(hidden).not.toContain(id);
    await testApp.database.db.update(organizations).set({ active: true }).where(eq(organizations.id, organizationId));

    expect((await get('/sitemaps/atlantis.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/birkenfeld.txt')).statusCode).toBe(404);
  });

  it('robots.txt points to the sitemap and keeps the API and the demo out', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /rest/');
    expect(robots.body).toContain('Disallow: /demo/');
  });
});
