/**
 * HTTP of the job widget's public answers (ADR 0038): readable from every origin, cacheable for
 * five minutes by browsers and proxies (registerPublicCaching, shared with the public marketplace).
 */

/** How long browsers and proxies may reuse an answer: a posting switched off disappears within this time. */
export const JOB_WIDGET_MAX_AGE_SECONDS = 300;

/**
 * Cross-origin headers of every answer of the widget's routes, errors included (the widget tells a
 * 404 from a network failure): any origin may read them, without credentials (no
 * `Access-Control-Allow-Credentials`), and other sites may embed them (CORP), unlike the rest of the API.
 */
export const CROSS_ORIGIN_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag',
  'cross-origin-resource-policy': 'cross-origin',
} as const;
