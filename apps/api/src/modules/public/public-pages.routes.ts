import {
  berlinToday,
  PUBLIC_POSTING_PATH_PREFIX,
  publicPostingPath,
  publicPreviewPath,
  regionFromSlug,
  regionSitemapPath,
  REGIONS,
  SITEMAP_INDEX_PATH,
  type Region,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { registerPublicCaching } from '../../http/public-cache';
import { escapeHtml } from '../../mail/mail-line';
import { publicPageCsp, renderNotFoundPage, renderPostingPage } from './public-page';
import {
  parsePreviewQuery,
  renderPreviewBadRequestPage,
  renderPreviewPage,
  renderRegionNotFoundPage,
} from './public-preview-page';
import type { PublicService } from './public.service';

export interface PublicPagesOptions {
  service: PublicService;
  /** The external address (canonical URLs, sitemaps). */
  publicUrl: string;
  clock: () => Date;
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function latest(entries: { updatedAt: Date }[]): Date {
  return new Date(entries.reduce((newest, entry) => Math.max(newest, entry.updatedAt.getTime()), 0));
}

function xml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
}

/**
 * Pages outside /rest that anyone (and every crawler) may read (issue #13): the server-rendered
 * posting page and region preview, the sitemap index with one sitemap per region, robots.txt.
 * Short public caching with ETags like the public API.
 */
export const publicPagesRoutes: FastifyPluginCallbackZod<PublicPagesOptions> = (
  app,
  { service, publicUrl, clock },
  done,
) => {
  registerPublicCaching(app);
  const base = publicUrl.replace(/\/+$/, '');
  const absolute = (path: string) => `${base}${path}`;
  const csp = publicPageCsp(publicUrl.startsWith('https://'));
  // The preview's filter form submits to the page itself.
  const previewCsp = publicPageCsp(publicUrl.startsWith('https://'), 'self');

  app.get(
    `${PUBLIC_POSTING_PATH_PREFIX}/:id`,
    { schema: { hide: true, params: z.object({ id: z.string().max(200) }) } },
    async (request, reply) => {
      void reply.header('content-security-policy', csp).type('text/html; charset=utf-8');
      const vacancy = await service.findVacancy(request.params.id);
      if (!vacancy) return reply.code(404).header('cache-control', 'no-store').send(renderNotFoundPage());
      const url = absolute(publicPostingPath(vacancy.id));
      return reply.send(renderPostingPage(vacancy, { url, absolute, today: berlinToday(clock()) }));
    },
  );

  // No schemas: every answer, also to a bad slug or query, is a German HTML page (never the API's JSON error).
  app.get<{ Params: { slug: string }; Querystring: Record<string, unknown> }>(
    '/vorschau-:slug',
    { schema: { hide: true } },
    async (request, reply) => {
      void reply.header('content-security-policy', previewCsp).type('text/html; charset=utf-8');
      const region = regionFromSlug(request.params.slug);
      if (!region) return reply.code(404).header('cache-control', 'no-store').send(renderRegionNotFoundPage(REGIONS));
      const badRequest = (messages: string[]) =>
        reply.code(400).header('cache-control', 'no-store').send(renderPreviewBadRequestPage(region, messages));
      const parsed = parsePreviewQuery(request.query, region);
      if (!parsed.ok) return badRequest(parsed.messages);
      try {
        const list = await service.listVacancies(parsed.query);
        return reply.send(
          renderPreviewPage(list, parsed, { region, url: absolute(publicPreviewPath(region)), absolute }),
        );
      } catch (error) {
        // Unknown postcode, distance without a postcode, a forged cursor: the service's 400s.
        if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return badRequest([error.message]);
        throw error;
      }
    },
  );

  app.get(SITEMAP_INDEX_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const regions = await service.regionsWithPostings();
    const entries = regions
      .filter((entry): entry is { region: Region; lastModified: Date } =>
        (REGIONS as readonly string[]).includes(entry.region),
      )
      .map(
        (entry) =>
          `<sitemap><loc>${escapeHtml(absolute(regionSitemapPath(entry.region)))}</loc><lastmod>${entry.lastModified.toISOString()}</lastmod></sitemap>`,
      );
    return reply
      .type('application/xml; charset=utf-8')
      .send(xml(`<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>`));
  });

  app.get(
    '/sitemaps/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      const match = /^([a-z0-9-]+)\.xml$/.exec(request.params.file);
      const region = match?.[1] ? regionFromSlug(match[1]) : undefined;
      if (!region) return reply.code(404).type('text/plain; charset=utf-8').send('Diese Sitemap gibt es nicht.');
      const entries = await service.sitemapEntries(region);
      const preview = `<url><loc>${escapeHtml(absolute(publicPreviewPath(region)))}</loc>${entries[0] ? `<lastmod>${latest(entries).toISOString()}</lastmod>` : ''}</url>`;
      const urls = entries.map(
        (entry) =>
          `<url><loc>${escapeHtml(absolute(publicPostingPath(entry.id)))}</loc><lastmod>${entry.updatedAt.toISOString()}</lastmod></url>`,
      );
      return reply
        .type('application/xml; charset=utf-8')
        .send(xml(`<urlset xmlns="${SITEMAP_NS}">\n${[preview, ...urls].join('\n')}\n</urlset>`));
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      // The API and the demo outbox are no pages; the public images are (og:image, logos in the JSON-LD).
      .send(
        [
          'User-agent: *',
          'Allow: /rest/public/vacancies/*/photos/',
          'Allow: /rest/public/organizations/',
          'Disallow: /rest/',
          'Disallow: /demo/',
          '',
          `Sitemap: ${absolute(SITEMAP_INDEX_PATH)}`,
          '',
        ].join('\n'),
      ),
  );
  done();
};
