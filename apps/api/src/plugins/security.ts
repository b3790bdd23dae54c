import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ROUTE_PRELOAD_SCRIPT } from '@matchwerk/shared';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { OnRequestStep } from './on-request';

/**
 * Security headers; the CSP fits a Vite-built React + MUI (emotion inserts inline styles) SPA.
 * img-src allows blob: for previews of picked files (object URLs), never scripts or workers.
 */
/** index.html's one inline script (the route's module preloads, ADR 0053), allowed by its hash alone. */
const ROUTE_PRELOAD_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(ROUTE_PRELOAD_SCRIPT).digest('base64')}'`;

function helmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ROUTE_PRELOAD_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The image worker is a same-origin module file bundled by Vite; no blob: (ADR 0044).
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets, taken once at start: they depend on nothing in the request, and
 * running helmet per request rebuilt the CSP string every time (18 % of a cheap request, issue #12).
 */
export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(helmetOptions(https))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet could not build the security headers');
    finished = true;
  });
  // helmet's middleware is synchronous; were it ever not, no request may go out without the headers.
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * What a JSON or image answer of the API needs (OWASP REST Security Cheat Sheet): nothing may
 * load or frame it, browsers must not sniff it, other sites must not embed it. The document
 * policy (scripts, styles, fonts of the SPA) means nothing for these answers, and its ~560
 * bytes on every API answer cost a quarter of a cheap request (issue #12, ADR 0030).
 */
export function apiSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
}

/** The headers every API answer starts with: the API set and `Cache-Control: no-store` (personal data). */
export function apiAnswerHeaders(https: boolean): Record<string, string> {
  return { ...apiSecurityHeaders(https), 'cache-control': 'no-store' };
}

const API_PREFIX = '/rest/';
/** The OpenAPI docs page is an HTML page with its own scripts and styles. */
const DOCS_PREFIX = '/rest/docs';

function isApiUrl(url: string): boolean {
  return url.startsWith(API_PREFIX) && !url.startsWith(DOCS_PREFIX);
}

/**
 * Response headers of every answer, set once per request from constants computed at start:
 * pages and files get the document set; API answers get the API set and `Cache-Control:
 * no-store` (they are personal: sessions, profiles, chats), which a route that may be cached
 * (images: private, max-age) replaces with its own. An HTML page served under /rest/ (the
 * unsubscribe page) gets the document set when it is sent. Returns the onRequest step (run in
 * the app's one onRequest hook, on-request.ts); registers the onSend hook.
 */
export function registerSecurity(app: FastifyInstance, options: { https: boolean }): OnRequestStep {
  const documentHeaders = securityHeaders(options.https);
  const apiHeaders = apiAnswerHeaders(options.https);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiUrl(request.url) && String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      void reply.headers(documentHeaders);
    done(null, payload);
  });
  return (request, reply) => {
    void reply.headers(isApiUrl(request.url) ? apiHeaders : documentHeaders);
    return false;
  };
}
