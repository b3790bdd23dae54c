import { createHash } from 'node:crypto';
import {
  BENEFIT_LABELS,
  CANDIDATE_APP_CALL_TO_ACTION,
  candidateAppPostingPath,
  formatEuro,
  minAgeLabel,
  ORGANIZATION_LINK_LABELS,
  POSTING_TYPE_LABELS,
  PUBLIC_LEGAL_LINKS,
  publicPreviewPath,
  REGION_LABELS,
  type PublicVacancy,
} from '@matchwerk/shared';
import { FAVICON_LINK_TAGS } from '../../http/favicon';
import { escapeHtml } from '../../mail/mail-line';
import { htmlToPlainText } from '../rich-text';
import { jsonForScript, toJobPosting } from './job-posting';

/**
 * The server-rendered public page of a posting (`/stellen/<id>`, issue #13): real HTML that reads
 * without JavaScript — for crawlers, link previews and anyone without the app. No script runs on
 * it (the JSON-LD block is data); its one inline style is allowed by hash in its own CSP.
 */

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5;color:#1a1a1a;background:#f5f6f8}
body{margin:0;-webkit-hyphens:auto;hyphens:auto}
a{color:#0b57a4}
a:focus-visible{outline:3px solid #0b57a4;outline-offset:2px}
header,main,footer{max-width:52rem;margin:0 auto;padding:1rem}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between}
.brand{font-weight:700;font-size:1.25rem;color:#1a1a1a;text-decoration:none}
article,section.box{background:#fff;border:1px solid #d6d9de;border-radius:8px;padding:1rem 1.25rem;margin-bottom:1rem}
h1{font-size:1.6rem;line-height:1.25;margin:.25rem 0 .5rem;overflow-wrap:break-word}
h2{font-size:1.2rem;margin:1.25rem 0 .5rem}
.company{display:flex;gap:.75rem;align-items:center;margin-bottom:.75rem}
.company img{width:56px;height:56px;object-fit:contain;border:1px solid #d6d9de;border-radius:6px;background:#fff}
dl{display:grid;grid-template-columns:1fr;gap:0 1rem;margin:0}
dt{font-weight:600}
dd{margin:0 0 .5rem;overflow-wrap:break-word}
@media (min-width:40rem){dl{grid-template-columns:max-content 1fr}dd{margin:0}}
.photos{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.5rem;margin:1rem 0}
.photos img{width:100%;height:auto;border-radius:6px}
.cta{background:#0b57a4;color:#fff;border-radius:8px;padding:1rem 1.25rem;margin-bottom:1rem}
.cta h2{margin-top:0}
.cta a{color:#fff}
.cta .cta-button{display:inline-block;min-height:44px;box-sizing:border-box;padding:.7rem 1.25rem;background:#fff;color:#0b57a4;border-radius:6px;font-weight:700;text-decoration:none}
.cta .cta-button:focus-visible{outline:3px solid #fff;outline-offset:2px}
ul{padding-left:1.25rem}
footer{color:#4a4f57;font-size:.875rem}
.legal{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:0;padding:0}
.legal a{display:inline-block;padding:.5rem 0}
.filters{display:grid;grid-template-columns:1fr;gap:.75rem}
@media (min-width:40rem){.filters{grid-template-columns:1fr 1fr}}
label{display:block;font-weight:600;margin-bottom:.25rem}
select,input{box-sizing:border-box;width:100%;min-height:44px;padding:.5rem;font:inherit;color:inherit;background:#fff;border:1px solid #6b7280;border-radius:6px}
button{min-height:44px;padding:.5rem 1.25rem;font:inherit;font-weight:600;color:#fff;background:#0b57a4;border:0;border-radius:6px;cursor:pointer}
select:focus-visible,input:focus-visible,button:focus-visible{outline:3px solid #0b57a4;outline-offset:2px}
.actions{display:flex;flex-wrap:wrap;gap:.75rem 1.25rem;align-items:center}
.cards{list-style:none;padding:0;margin:0 0 1rem;display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem}
.card{height:100%;box-sizing:border-box;background:#fff;border:1px solid #d6d9de;border-radius:8px;overflow:hidden}
.card>img{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;background:#e9ecf0}
.card>div{padding:.75rem 1rem 1rem}
.card h3{font-size:1.1rem;margin:0 0 .5rem;overflow-wrap:break-word}
.card .org{display:flex;gap:.5rem;align-items:center;margin:0 0 .5rem}
.card .org img{width:40px;height:40px;object-fit:contain;border:1px solid #d6d9de;border-radius:4px}
.card dl{display:block}
.card dd{margin:0 0 .25rem}
.more{display:inline-block;margin-bottom:1rem;font-weight:600}
.error{border-color:#b3261e}
`;

/**
 * The page's Content-Security-Policy: images from here, the one style block by hash, nothing else.
 * `form: 'self'` for a page with a GET form to itself (the region preview's filters).
 */
export function publicPageCsp(https: boolean, form: 'none' | 'self' = 'none'): string {
  const styleHash = createHash('sha256').update(STYLE).digest('base64');
  const directives = [
    "default-src 'none'",
    "img-src 'self'",
    // Nothing on the page fetches, but crawlers' audits (Lighthouse) read /robots.txt from the page's context.
    "connect-src 'self'",
    `style-src 'sha256-${styleHash}'`,
    "base-uri 'none'",
    `form-action '${form}'`,
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

const DATE = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** YYYY-MM-DD → TT.MM.JJJJ */
export function germanDate(isoDate: string): string {
  return DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

function plainTextToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

/** The meta description: what it is, where, and the start of the description as plain text (≤ 160 characters). */
function metaDescription(vacancy: PublicVacancy): string {
  const text = htmlToPlainText(vacancy.description).replace(/\s+/g, ' ').trim();
  const lead = `${POSTING_TYPE_LABELS[vacancy.type]} bei ${vacancy.organization.name} in ${vacancy.location.city}.`;
  const full = text ? `${lead} ${text}` : lead;
  return full.length > 160 ? `${full.slice(0, 157).trimEnd()}…` : full;
}

/** Imprint and privacy statement, linked from every public page (issue 48). */
const LEGAL_NAV = `<nav aria-label="Rechtliches"><ul class="legal">${PUBLIC_LEGAL_LINKS.map(
  (link) => `<li><a href="${link.href}">${link.label}</a></li>`,
).join('')}</ul></nav>`;

/** The one HTML shell of the server-rendered public pages (posting page, region preview, their error pages). */
export function renderPublicLayout(input: {
  title: string;
  head: string;
  body: string;
  headerLink?: { href: string; label: string };
}): string {
  const back = input.headerLink
    ? `<a href="${escapeHtml(input.headerLink.href)}">${escapeHtml(input.headerLink.label)}</a>`
    : '';
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
${input.head}
${FAVICON_LINK_TAGS}
<style>${STYLE}</style>
</head>
<body>
<header><a class="brand" href="/">Matchwerk</a>${back}</header>
<main id="inhalt">
${input.body}
</main>
<footer><p>Matchwerk – der regionale Marktplatz für Ausbildung, Praktikum und Ferienjobs.</p>${LEGAL_NAV}</footer>
</body>
</html>`;
}

export interface PostingPageContext {
  /** Absolute canonical URL of this page. */
  url: string;
  absolute: (path: string) => string;
  today: string;
}

/**
 * The head of a public page: description, canonical URL, Open Graph for link previews, and its
 * JSON-LD (escaped for a script element). `noindex` for variants crawlers should follow but not index.
 */
export function renderPublicHead(input: {
  title: string;
  description: string;
  url: string;
  image?: string | null;
  noindex?: boolean;
  jsonLd: object;
}): string {
  return [
    `<meta name="description" content="${escapeHtml(input.description)}">`,
    input.noindex ? '<meta name="robots" content="noindex, follow">' : '',
    `<link rel="canonical" href="${escapeHtml(input.url)}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Matchwerk">',
    '<meta property="og:locale" content="de_DE">',
    `<meta property="og:title" content="${escapeHtml(input.title)}">`,
    `<meta property="og:description" content="${escapeHtml(input.description)}">`,
    `<meta property="og:url" content="${escapeHtml(input.url)}">`,
    input.image ? `<meta property="og:image" content="${escapeHtml(input.image)}">` : '',
    `<script type="application/ld+json">${jsonForScript(input.jsonLd)}</script>`,
  ]
    .filter(Boolean)
    .join('\n');
}

function fact(label: string, value: string | null | undefined): string {
  return value ? `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>` : '';
}

function richSection(heading: string, html: string | null): string {
  // Sanitised by the rich-text policy (stored that way and sanitised again in the mapper).
  return html ? `<h2>${escapeHtml(heading)}</h2>${html}` : '';
}

export function renderPostingPage(vacancy: PublicVacancy, context: PostingPageContext): string {
  const { organization, location } = vacancy;
  const title = `${vacancy.title} – ${organization.name}`;
  const description = metaDescription(vacancy);
  const image = vacancy.photos[0]?.url ?? organization.logoUrl;
  const head = renderPublicHead({
    title,
    description,
    url: context.url,
    image: image ? context.absolute(image) : null,
    jsonLd: toJobPosting(vacancy, context),
  });

  const salaries = vacancy.compensation.salaryPerTrainingYear;
  const address = [
    [location.street, location.streetNumber].filter(Boolean).join(' '),
    `${location.zipCode} ${location.city}`,
  ]
    .filter(Boolean)
    .join(', ');
  const mapLink = location.geo
    ? `<p><a href="https://www.openstreetmap.org/?mlat=${location.geo.lat}&amp;mlon=${location.geo.lng}#map=15/${location.geo.lat}/${location.geo.lng}">Ort auf OpenStreetMap ansehen</a></p>`
    : '';
  const logo = organization.logoUrl
    ? `<img src="${escapeHtml(organization.logoUrl)}" alt="Logo von ${escapeHtml(organization.name)}" width="56" height="56">`
    : '';
  const photos = vacancy.photos.length
    ? `<div class="photos">${vacancy.photos
        .map(
          (photo, index) =>
            `<img src="${escapeHtml(photo.url)}" alt="Foto ${index + 1} von ${vacancy.photos.length} zur Stelle ${escapeHtml(vacancy.title)}" width="${photo.width}" height="${photo.height}" loading="${index === 0 ? 'eager' : 'lazy'}">`,
        )
        .join('')}</div>`
    : '';
  const links = Object.entries(organization.links)
    .filter((entry): entry is [keyof typeof ORGANIZATION_LINK_LABELS, string] => typeof entry[1] === 'string')
    .map(
      ([key, href]) =>
        `<li><a href="${escapeHtml(href)}" rel="noopener">${escapeHtml(ORGANIZATION_LINK_LABELS[key])}</a></li>`,
    )
    .join('');
  const start = vacancy.startOfTraining ?? vacancy.start;

  const body = `<article>
<div class="company">${logo}<p><strong>${escapeHtml(organization.name)}</strong>${organization.branch ? `<br>${escapeHtml(organization.branch)}` : ''}</p></div>
<h1>${escapeHtml(vacancy.title)}</h1>
<dl>
${fact('Art', POSTING_TYPE_LABELS[vacancy.type])}
${fact('Ausbildungsberuf', vacancy.trainingOccupationName)}
${fact('Ort', address)}
${fact('Beginn', start ? germanDate(start) : null)}
${fact('Bewerbungsschluss', vacancy.applicationDeadline ? germanDate(vacancy.applicationDeadline.slice(0, 10)) : null)}
${fact('Dauer', vacancy.duration)}
${fact('Mindestalter', minAgeLabel(vacancy.minAge))}
${salaries.map((salary, index) => fact(`Vergütung ${index + 1}. Ausbildungsjahr`, `${formatEuro(salary)} im Monat`)).join('\n')}
${fact('Vergütung', vacancy.salaryRange)}
${fact('Zusätzlich', vacancy.compensation.additionalCompensation)}
</dl>
${mapLink}
${photos}
${richSection('Beschreibung', vacancy.description)}
${richSection('Deine Aufgaben', vacancy.taskDescription)}
${richSection('Das wünschen wir uns', vacancy.whatWereLookingFor)}
${richSection('Über die Stelle', vacancy.about)}
${vacancy.benefits.length ? `<h2>Das bieten wir</h2><ul>${vacancy.benefits.map((benefit) => `<li>${escapeHtml(BENEFIT_LABELS[benefit])}</li>`).join('')}</ul>` : ''}
${vacancy.additionalBenefits ?? ''}
</article>
<section class="cta" aria-labelledby="cta-titel">
<h2 id="cta-titel">${escapeHtml(CANDIDATE_APP_CALL_TO_ACTION.title)}</h2>
<p>${escapeHtml(CANDIDATE_APP_CALL_TO_ACTION.text)}</p>
<p><a class="cta-button" href="${escapeHtml(candidateAppPostingPath(vacancy.id))}">${escapeHtml(CANDIDATE_APP_CALL_TO_ACTION.postingButton)}</a></p>
</section>
<section class="box" aria-labelledby="firma-titel">
<h2 id="firma-titel">Über ${escapeHtml(organization.name)}</h2>
${organization.about ? `<p>${plainTextToHtml(organization.about)}</p>` : ''}
${organization.employeeCount ? `<p>${escapeHtml(String(organization.employeeCount))} Beschäftigte</p>` : ''}
${organization.contactPhone ? `<p>Telefon: <a href="tel:${escapeHtml(organization.contactPhone.replace(/[^+0-9]/g, ''))}">${escapeHtml(organization.contactPhone)}</a></p>` : ''}
${links ? `<ul>${links}</ul>` : ''}
</section>`;
  const region = vacancy.region;
  return renderPublicLayout({
    title: `${title} | Matchwerk`,
    head,
    body,
    headerLink: { href: `/#${publicPreviewPath(region)}`, label: `Alle Stellen in ${REGION_LABELS[region]}` },
  });
}

/** The German 404 page of a posting that does not exist or is not visible; never indexed. */
export function renderNotFoundPage(): string {
  return renderPublicLayout({
    title: 'Stellenanzeige nicht gefunden | Matchwerk',
    head: '<meta name="robots" content="noindex">',
    body: `<section class="box"><h1>Stellenanzeige nicht gefunden</h1>
<p>Diese Stellenanzeige gibt es nicht oder sie ist nicht mehr online. Vielleicht ist die Stelle schon vergeben.</p>
<p><a href="/">Zur Startseite von Matchwerk</a></p></section>`,
  });
}
