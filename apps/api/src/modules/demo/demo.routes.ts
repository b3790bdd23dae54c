import { API_PATHS, DEMO_OUTBOX_PAGE, outboxResponseSchema } from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { FAVICON_LINK_TAGS } from '../../http/favicon';
import { escapeHtml } from '../../mail/mail-line';
import type { DemoService } from './demo.service';

export interface DemoRoutesOptions {
  service: DemoService;
}

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

export const demoRoutes: FastifyPluginCallbackZod<DemoRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.demoOutbox,
    {
      schema: {
        tags: ['demo'],
        summary: 'Demo-Postfach (nur im Demo-Modus ohne SMTP_URL)',
        response: { 200: outboxResponseSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { mails: await service.listMails() };
    },
  );

  app.get(DEMO_OUTBOX_PAGE, { schema: { hide: true } }, async (_request, reply) => {
    const mails = await service.listMails();
    const items = mails
      .map(
        (mail) =>
          `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">An ${escapeHtml(mail.to)} · ${escapeHtml(dateFormat.format(new Date(mail.createdAt)))}</p>` +
          `<pre>${escapeHtml(mail.text)}</pre>` +
          (mail.links.length
            ? `<ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>`
            : '') +
          '</article>',
      )
      .join('');
    const html =
      '<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="robots" content="noindex,nofollow">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo-Postfach – Matchwerk</title>' +
      FAVICON_LINK_TAGS +
      '<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}article{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font-family:inherit}.meta{color:#555}</style>' +
      '</head><body><main><h1>Demo-Postfach</h1><p>Ohne konfigurierten Mailserver landen alle E-Mails hier. Neueste zuerst.</p>' +
      (items || '<p>Noch keine E-Mails.</p>') +
      '</main></body></html>';
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);
  });
  done();
};
