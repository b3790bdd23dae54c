/**
 * The page behind the iframe snippet (ADR 0038): nothing but the widget script, for websites that
 * allow no third-party scripts. The page is ours (our origin, our CSP); only who may frame it is
 * opened up. Links leave the frame (`<base target="_top">`).
 */
import { JOB_WIDGET_MESSAGES, JOB_WIDGET_PATHS } from '@matchwerk/shared';
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
    '<style>body{margin:0;padding:8px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:CanvasText;background:Canvas}</style>',
    '</head><body>',
    `<script src="${JOB_WIDGET_PATHS.script}" data-organization="${escapeHtml(organizationId)}" async></script>`,
    '</body></html>',
  ].join('');
}
