import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { FAVICON_LINK_TAGS } from '../http/favicon';
import { ifNoneMatchMatches } from '../http/public-cache';
import { chooseVariant, IMMUTABLE_CACHE_CONTROL, loadWebAssets } from '../http/web-assets';

const NOT_BUILT_PAGE =
  '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Matchwerk</title>' +
  FAVICON_LINK_TAGS +
  '</head>' +
  '<body><main><h1>Web-App noch nicht gebaut</h1><p>Bitte bauen Sie die Web-App mit <code>npm run build</code> und starten Sie den Server neu.</p>' +
  '<p>Die Schnittstelle läuft: <a href="/rest/docs">/rest/docs</a></p></main></body></html>';

/** The job widget's script (apps/web/vite.widget.config.ts): embedded by other websites (ADR 0038). */
const WIDGET_FOLDER = 'widget' + path.sep;
/** Not content-hashed (the snippet's URL never changes), so cached briefly rather than for a year. */
const WIDGET_CACHE_CONTROL = 'public, max-age=3600';

/** The demo outbox's path space: only the demo routes (demo mode) may answer there, never a file. */
const DEMO_PREFIX = '/demo/';

/** The build's content-hashed files. */
const ASSETS_FOLDER = 'assets';

/**
 * Serves the built web app: index.html never cached, hashed assets cached for a year, each as the
 * brotli or gzip copy the build wrote next to it when the browser accepts one (`Vary:
 * Accept-Encoding`). The hashed assets are answered from memory (http/web-assets.ts, ADR 0067); a
 * file the build wrote after the start (a rebuild while the server runs) from the disk, as
 * everything else. Nothing under /demo/ is served from files, so outside demo mode that path is a
 * plain 404.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    preCompressed: true,
    allowedPath: (pathName) => !pathName.toLowerCase().startsWith(DEMO_PREFIX) && pathName.toLowerCase() !== '/demo',
    setHeaders(res, filePath) {
      const relative = path.relative(webDist, filePath);
      if (relative.startsWith(ASSETS_FOLDER + path.sep)) void res.header('cache-control', IMMUTABLE_CACHE_CONTROL);
      else if (relative.startsWith(WIDGET_FOLDER)) {
        // Loaded by <script src> on other origins: CORP must allow it (the document policy says same-origin).
        void res.header('cache-control', WIDGET_CACHE_CONTROL);
        void res.header('cross-origin-resource-policy', 'cross-origin');
        void res.header('access-control-allow-origin', '*');
      } else void res.header('cache-control', 'no-cache');
    },
  });
  const assets = loadWebAssets(path.join(webDist, ASSETS_FOLDER));
  app.get<{ Params: { '*': string } }>(`/${ASSETS_FOLDER}/*`, { schema: { hide: true } }, (request, reply) => {
    const name = request.params['*'];
    const asset = assets.get(name);
    if (!asset) return reply.sendFile(`${ASSETS_FOLDER}/${name}`);
    const chosen = chooseVariant(asset, request.headers['accept-encoding']);
    void reply.headers(chosen.headers);
    if (ifNoneMatchMatches(request.headers['if-none-match'], chosen.headers.etag)) {
      void reply.removeHeader('content-length');
      return reply.code(304).send();
    }
    return reply.send(chosen.body);
  });
}
