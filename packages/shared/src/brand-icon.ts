/**
 * The Matchwerk icon (favicon): one SVG, served by the server as /favicon.svg and, rendered to
 * PNG inside an ICO, as /favicon.ico for every page — the web app, the server-rendered pages and
 * anything a browser asks /favicon.ico for on its own (issue #14).
 */
export const BRAND_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#007BFF"/>' +
  '<path d="M14 46V18h7l11 15 11-15h7v28h-7V30l-11 14-11-14v16z" fill="#fff"/></svg>';

export const FAVICON_PATHS = { svg: '/favicon.svg', ico: '/favicon.ico' } as const;
