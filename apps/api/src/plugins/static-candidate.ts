import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { FAVICON_LINK_TAGS } from '../http/favicon';
import { ifNoneMatchMatches } from '../http/public-cache';
import { chooseVariant, loadWebAssets } from '../http/web-assets';

/** Where the candidate app lives (issue 47, ADR 0104): same origin as the API and the web app. */
export const CANDIDATE_APP_PREFIX = '/app/';

const NOT_BUILT_PAGE =
  '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Matchwerk</title>' +
  FAVICON_LINK_TAGS +
  '</head><body><main><h1>Die App ist noch nicht gebaut</h1>' +
  '<p>Bitte baue sie mit <code>npm run build</code> und starte den Server neu.</p></main></body></html>';

/** The icons keep their names across builds: cached for a day, not for a year. */
const ICON_CACHE_CONTROL = 'public, max-age=86400';

/**
 * Serves the candidate app (apps/candidate/dist) at /app/ like the web app (static-web.ts, ADR
 * 0067): index.html, the service worker and the manifest never cached (a new build must reach
 * every phone), the hashed assets from memory and immutable, each as the brotli or gzip copy the
 * build wrote. The service worker at /app/sw.js has the scope /app/ without a
 * Service-Worker-Allowed header. Nothing here touches the employer web app at /.
 */
export async function registerStaticCandidate(app: FastifyInstance, candidateDist: string): Promise<void> {
  app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect(CANDIDATE_APP_PREFIX, 301));
  if (!existsSync(path.join(candidateDist, 'index.html'))) {
    app.get(CANDIDATE_APP_PREFIX, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: candidateDist,
    prefix: CANDIDATE_APP_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    preCompressed: true,
    // Vite's manifest is for the build's checks, not for browsers.
    allowedPath: (pathName) => !pathName.startsWith('/.vite'),
    setHeaders(res, filePath) {
      const relative = path.relative(candidateDist, filePath);
      if (relative.startsWith('icons' + path.sep)) void res.header('cache-control', ICON_CACHE_CONTROL);
      else void res.header('cache-control', 'no-cache');
      if (relative.startsWith('manifest.webmanifest'))
        void res.header('content-type', 'application/manifest+json; charset=utf-8');
    },
  });
  const assetsFolder = path.join(candidateDist, 'assets');
  let assets = loadWebAssets(assetsFolder);
  app.get<{ Params: { '*': string } }>(
    `${CANDIDATE_APP_PREFIX}assets/*`,
    { schema: { hide: true } },
    (request, reply) => {
      const name = request.params['*'];
      // A build written while the server runs: read the folder again once it has the file.
      if (!assets.has(name) && !name.includes('/') && existsSync(path.join(assetsFolder, name)))
        assets = loadWebAssets(assetsFolder);
      const asset = assets.get(name);
      if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Nicht gefunden');
      const chosen = chooseVariant(asset, request.headers['accept-encoding']);
      void reply.headers(chosen.headers);
      if (ifNoneMatchMatches(request.headers['if-none-match'], chosen.headers.etag)) {
        void reply.removeHeader('content-length');
        return reply.code(304).send();
      }
      return reply.send(chosen.body);
    },
  );
}
