import { PUBLIC_MESSAGES, PUBLIC_PAGE_SIZE_DEFAULT } from '@matchwerk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, photos } from '../../db/schema/index';
import { insertVacancy } from '../../testing/fixtures';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../testing/test-app';
import { extractJsonLd } from './json-ld.testing';

/** The server-rendered region preview `/vorschau-<slug>`: visibility, filters, paging, escaping, errors, caching. */
let testApp: TestApp;
let shownOrgId: string;
let shownId: string;
let internshipId: string;
let hostileId: string;
let photoId: string;
const hiddenTitles = ['Anzeige inaktiv', 'Anzeige einer wartenden Firma', 'Anzeige einer deaktivierten Firma'];

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

/** Titles of the cards, in order. */
function cardTitles(html: string): string[] {
  return [...html.matchAll(/<h3><a href="\/stellen\/[0-9a-f-]+">([^<]*)<\/a><\/h3>/g)].map((match) => match[1]!);
}

function moreLink(html: string): string | undefined {
  return /<a class="more" href="([^"]+)">Weitere Stellen<\/a>/.exec(html)?.[1]?.replace(/&#38;/g, '&');
}

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  const organization = async (values: Partial<typeof organizations.$inferInsert> & { name: string }) => {
    const [row] = await db
      .insert(organizations)
      .values({
        region: 'VALLENDAR',
        active: true,
        approvedAt: new Date(),
        contactName: 'Geheime Person',
        contactMail: 'geheim@firma.example',
        contactPhone: '02622 12345',
        ...values,
      })
      .returning({ id: organizations.id });
    return row!.id;
  };
  const shownOrg = await organization({ name: 'Tischlerei Rhein' });
  shownOrgId = shownOrg;
  const waitingOrg = await organization({ name: 'Wartet GmbH', active: false, approvedAt: null });
  const inactiveOrg = await organization({ name: 'Deaktiviert GmbH', active: false });
  const otherRegionOrg = await organization({ name: 'Woanders AG', region: 'BIRKENFELD' });
  shownId = await insertVacancy(db, shownOrg, {
    active: true,
    title: 'Ausbildung Tischler/in',
    trainingOccupationName: 'Tischler/in',
    city: 'Vallendar',
    zipCode: '56179',
    lat: 50.4,
    lng: 7.62,
    start: '2027-08-01',
    startOfTraining: '2027-08-01',
    salaryPerTrainingYear: ['800', '900.50', '1000'],
    contactName: 'Tessa Geheim',
  });
  const [photo] = await db
    .insert(photos)
    .values({
      ownerKind: 'vacancy',
      organizationId: shownOrg,
      vacancyId: shownId,
      storageKey: `test-${crypto.randomUUID()}.webp`,
      mimeType: 'image/webp',
      width: 800,
      height: 600,
      bytes: 1000,
    })
    .returning({ id: photos.id });
  photoId = photo!.id;
  internshipId = await insertVacancy(db, shownOrg, {
    active: true,
    type: 'INTERNSHIP',
    title: 'Praktikum Werkstatt',
    city: 'Koblenz',
    zipCode: '56068',
    lat: 50.36,
    lng: 7.59,
  });
  hostileId = await insertVacancy(db, shownOrg, {
    active: true,
    type: 'HOLIDAY_JOB',
    title: '</script><script>alert(1)</script><b>Ferienjob</b>',
    city: 'Bendorf',
    zipCode: '56170',
  });
  // Enough for a second page.
  for (let index = 0; index < PUBLIC_PAGE_SIZE_DEFAULT; index += 1)
    await insertVacancy(db, shownOrg, {
      active: true,
      title: `Ausbildung Nummer ${String(index).padStart(2, '0')}`,
      city: 'Vallendar',
      zipCode: '56179',
    });
  await insertVacancy(db, shownOrg, { active: false, title: hiddenTitles[0] });
  await insertVacancy(db, waitingOrg, { active: true, title: hiddenTitles[1] });
  await insertVacancy(db, inactiveOrg, { active: true, title: hiddenTitles[2] });
  await insertVacancy(db, otherRegionOrg, { active: true, title: 'Anzeige aus Birkenfeld' });
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /vorschau-:slug', () => {
  it('renders the visible postings of the region as cards in a German page without scripts', async () => {
    const response = await get('/vorschau-vallendar');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['content-security-policy']).toMatch(
      /^default-src 'none'; img-src 'self'; connect-src 'self'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'$/,
    );
    const html = response.body;
    const url = `${TEST_PUBLIC_URL}/vorschau-vallendar`;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<title>Ausbildung und Jobs: Realschule plus in Vallendar | Matchwerk</title>');
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toMatch(/<meta name="description" content="[^"]*15 offene Stellen/);
    expect(html).not.toContain('noindex');
    expect(html).toContain('<h2 id="treffer-titel">15 Stellen gefunden</h2>');
    expect(html).toContain('href="/#/vorschau-vallendar"');
    expect(html).toContain('Interesse? Bewirb dich mit der Matchwerk-App');
    expect(html).toContain('<a class="cta-button" href="/app/#/entdecken">Kostenlose Matchwerk-App öffnen</a>');

    const titles = cardTitles(html);
    expect(titles).toHaveLength(PUBLIC_PAGE_SIZE_DEFAULT);
    for (const hidden of [...hiddenTitles, 'Anzeige aus Birkenfeld']) expect(html).not.toContain(hidden);
    expect(html).not.toMatch(/Geheim|geheim@|02622/);

    // The card of the posting with a photo, pay per year, start and type (first by start: the others have none).
    const byStart = (await get('/vorschau-vallendar?sort=start')).body;
    const at = byStart.indexOf(`<a href="/stellen/${shownId}">`);
    expect(at).toBeGreaterThan(0);
    const card = byStart.slice(at - 200, at + 1000);
    expect(card).toContain(
      `<img src="/rest/public/vacancies/${shownId}/photos/${photoId}" alt="" width="640" height="360"`,
    );
    expect(card).toContain('Tischlerei Rhein');
    expect(card).toContain('<dt>Art</dt><dd>Ausbildung</dd>');
    expect(card).toContain('<dt>Beginn</dt><dd>01.08.2027</dd>');
    expect(card).toMatch(
      /<dt>Vergütung im Monat<\/dt><dd>1\. Jahr: 800,00\s€, 2\. Jahr: 900,50\s€, 3\. Jahr: 1\.000,00\s€<\/dd>/,
    );

    const [itemList] = extractJsonLd(byStart) as { itemListElement: { url: string }[] }[];
    expect(itemList).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      numberOfItems: PUBLIC_PAGE_SIZE_DEFAULT,
    });
    expect(itemList!.itemListElement.map((entry) => entry.url)).toContain(`${TEST_PUBLIC_URL}/stellen/${shownId}`);
  });

  it('has a GET form with a label for every control and the facets as choices', async () => {
    const html = (await get('/vorschau-vallendar')).body;
    expect(html).toContain('<form class="filters" method="get" action="/vorschau-vallendar">');
    for (const name of ['type', 'occupation', 'place', 'zipCode', 'radiusKm', 'sort']) {
      expect(html).toContain(`<label for="f-${name}">`);
      expect(html).toMatch(new RegExp(`id="f-${name}" name="${name}"`));
    }
    expect(html).toContain('<option value="Tischler/in">Tischler/in</option>');
    expect(html).toContain('<option value="Koblenz">Koblenz</option>');
  });

  it('filters by type, occupation, place and distance; empty fields mean no filter; the form keeps the choices', async () => {
    const byType = (
      await get('/vorschau-vallendar?type=INTERNSHIP&occupation=&place=&zipCode=&radiusKm=25&sort=newest')
    ).body;
    expect(cardTitles(byType)).toEqual(['Praktikum Werkstatt']);
    expect(byType).toContain('1 Stelle gefunden');
    expect(byType).toContain('<option value="INTERNSHIP" selected>Praktikum</option>');
    // A variant of the list: followed, not indexed; the canonical stays the list.
    expect(byType).toContain('<meta name="robots" content="noindex, follow">');
    expect(byType).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/vorschau-vallendar">`);

    expect(cardTitles((await get('/vorschau-vallendar?occupation=Tischler%2Fin')).body)).toEqual([
      'Ausbildung Tischler/in',
    ]);
    expect(cardTitles((await get('/vorschau-vallendar?place=Koblenz')).body)).toEqual(['Praktikum Werkstatt']);

    const near = (await get('/vorschau-vallendar?zipCode=56179&radiusKm=25&sort=distance')).body;
    expect(cardTitles(near)).toEqual(['Ausbildung Tischler/in', 'Praktikum Werkstatt']);
    expect(near).toMatch(/km entfernt/);
    expect(near).toContain('value="56179"');
    expect(near).toContain('<option value="distance" selected>');

    const none = (await get('/vorschau-vallendar?type=VOLUNTARY_SERVICE')).body;
    expect(none).toContain('0 Stellen gefunden');
    expect(none).toContain('Keine Stellen gefunden.');
  });

  it('pages with a "Weitere Stellen" link that carries the cursor and the filters', async () => {
    const first = (await get('/vorschau-vallendar?type=APPRENTICESHIP&sort=title')).body;
    const firstTitles = cardTitles(first);
    expect(firstTitles).toHaveLength(PUBLIC_PAGE_SIZE_DEFAULT);
    const next = moreLink(first);
    expect(next).toMatch(/^\/vorschau-vallendar\?type=APPRENTICESHIP&sort=title&cursor=[A-Za-z0-9_-]+$/);
    const second = (await get(next!)).body;
    const secondTitles = cardTitles(second);
    expect(secondTitles.length).toBe(13 - PUBLIC_PAGE_SIZE_DEFAULT);
    expect(secondTitles.filter((title) => firstTitles.includes(title))).toEqual([]);
    expect([...firstTitles, ...secondTitles]).toEqual(
      [...firstTitles, ...secondTitles].toSorted((a, b) => a.localeCompare(b, 'de')),
    );
    expect(moreLink(second)).toBeUndefined();
  });

  it('escapes every text of a posting: a hostile title is text, the only script is the JSON-LD data block', async () => {
    const html = (await get('/vorschau-vallendar?type=HOLIDAY_JOB')).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>Ferienjob</b>');
    expect(html).toContain(
      `<a href="/stellen/${hostileId}">&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;b&#62;Ferienjob&#60;/b&#62;</a>`,
    );
    expect(html.match(/<script/g)).toEqual(['<script']);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(extractJsonLd(html)).toHaveLength(1);
  });

  it('answers bad filters with a German 400 page (never JSON, never a 500), not cached, not indexed', async () => {
    const cases: [string, string][] = [
      ['type=UNBEKANNT', 'Bitte wählen Sie eine Art der Stelle.'],
      ['zipCode=abc', PUBLIC_MESSAGES.invalidZipCode],
      ['zipCode=00000', PUBLIC_MESSAGES.unknownZipCode],
      ['sort=distance', PUBLIC_MESSAGES.distanceNeedsZipCode],
      ['sort=rueckwaerts', 'Unbekannte Sortierung.'],
      ['radiusKm=viel&zipCode=56179', 'Bitte geben Sie einen Umkreis in Kilometern an.'],
      ['cursor=kaputt', PUBLIC_MESSAGES.invalidCursor],
      ['cursor=%3Cscript%3E', PUBLIC_MESSAGES.invalidCursor],
      [
        `cursor=${Buffer.from(JSON.stringify({ s: 'title', k: ['x', 'y'] })).toString('base64url')}&sort=title`,
        PUBLIC_MESSAGES.invalidCursor,
      ],
      ['type=INTERNSHIP&type=APPRENTICESHIP', 'Der Parameter „type“ ist mehrfach angegeben.'],
      [`place=${'x'.repeat(500)}`, 'Der Ort darf höchstens 120 Zeichen lang sein.'],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/vorschau-vallendar?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('<h1>Die Filter sind ungültig</h1>');
      expect(response.body, query).toContain(`<li>${message}</li>`);
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain('href="/vorschau-vallendar"');
    }
    // Unknown parameters are no filters (e.g. a campaign tag on a shared link).
    expect((await get('/vorschau-vallendar?utm_source=zeitung')).statusCode).toBe(200);
  });

  it('answers an unknown region with a German 404 page with noindex and the regions that exist', async () => {
    for (const slug of ['atlantis', 'LICHTENFELS', 'lichtenfels.xml', '%3Cscript%3E', 'x'.repeat(90)]) {
      const response = await get(`/vorschau-${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<h1>Region nicht gefunden</h1>');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).toContain('<a href="/vorschau-lichtenfels">Landkreis Lichtenfels</a>');
      expect(response.body).not.toContain('<script');
    }
  });

  it('every region has its preview (an empty one too)', async () => {
    const response = await get('/vorschau-monheim-am-rhein');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('0 Stellen gefunden');
  });

  it('answers 304 to If-None-Match and a new ETag when the list changes', async () => {
    const first = await get('/vorschau-vallendar');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get('/vorschau-vallendar', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await insertVacancy(testApp.database.db, shownOrgId, { active: true, title: 'Neu dazugekommen' });
    const changed = await get('/vorschau-vallendar', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('is listed in its region sitemap', async () => {
    const sitemap = (await get('/sitemaps/vallendar.xml')).body;
    expect(sitemap).toMatch(
      new RegExp(
        `<url><loc>${TEST_PUBLIC_URL}/vorschau-vallendar</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z</lastmod></url>`,
      ),
    );
    expect(sitemap).toContain(`<loc>${TEST_PUBLIC_URL}/stellen/${internshipId}</loc>`);
  });
});
