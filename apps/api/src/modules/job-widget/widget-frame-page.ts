/**
 * The page behind the iframe snippet (ADR 0038): nothing but the widget script, for websites that
 * allow no third-party scripts. The page is ours (our origin, our CSP); only who may frame it is
 * opened up. Links leave the frame (`<base target="_top">`).
 */
import { JOB_WIDGET_MESSAGES, JOB_WIDGET_PATHS, PUBLIC_LEGAL_LINKS } from '@matchwerk/shared';
import { escapeHtml } from '../../mail/mail-line';

/** Any website may frame this page; it loads only our own script, data and images. */
export const FRAME_PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *",
  'cross-origin-resource-policy': 'cross-origin',
  'cache-control': 'public, max-age=3600',
} as const;

export function widgetFramePage(organizationId: string): string {
  return [
    '<!doctype html><html lang="de"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(JOB_WIDGET_MESSAGES.frameTitle)}</title>`,
    '<base target="_top">',
    '<style>body{margin:0;padding:8px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:CanvasText;background:Canvas}' +
      'footer{margin-top:12px;font-size:.8125rem}footer a{color:LinkText;margin-right:1rem}</style>',
    '</head><body>',
    `<script src="${JOB_WIDGET_PATHS.script}" data-organization="${escapeHtml(organizationId)}" async></script>`,
    // The frame is a page of ours on someone else's site: it names who runs it (issue 48).
    `<footer><nav aria-label="Rechtliches">${PUBLIC_LEGAL_LINKS.map((link) => `<a href="${link.href}">${link.label}</a>`).join('')}</nav></footer>`,
    '</body></html>',
  ].join('');
}
