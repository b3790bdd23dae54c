import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { LEGAL_PAGE_PATHS } from '@matchwerk/shared';

/** The operator's own texts (IMPRINT_FILE, PRIVACY_FILE): HTML files read once at start. */
export interface OperatorLegalFiles {
  imprint?: string | undefined;
  privacy?: string | undefined;
}

/**
 * Serves the operator's imprint and privacy statement at the paths every page links
 * (LEGAL_PAGE_PATHS), in place of the placeholders in apps/web/public/legal (issue 48). A route
 * of its own wins over the static files' wildcard, so the links never change.
 */
export function registerOperatorLegalTexts(app: FastifyInstance, files: OperatorLegalFiles): void {
  for (const [key, file] of [
    ['imprint', files.imprint],
    ['privacy', files.privacy],
  ] as const) {
    if (!file) continue;
    const html = readFileSync(file, 'utf8');
    app.get(LEGAL_PAGE_PATHS[key], { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html),
    );
  }
}
