import {
  API_PATHS,
  errorResponseSchema,
  parentalConsentPageQuerySchema,
  parentalConsentRequestSchema,
  parentalConsentSchema,
  parentalDecisionFormSchema,
} from '@matchwerk/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { renderParentalConsentPage } from './parental-consent-page';
import type { ConsentPage, ParentalConsentService } from './parental-consent.service';
import { htmlPageSchema } from '../../http/media-types';

export interface ParentalConsentRoutesOptions {
  service: ParentalConsentService;
}

const html = htmlPageSchema;
const errors = { 401: errorResponseSchema, 403: errorResponseSchema } as const;

function sendPage(reply: FastifyReply, page: ConsentPage) {
  return reply.code(page.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
}

export const parentalConsentRoutes: FastifyPluginCallbackZod<ParentalConsentRoutesOptions> = (
  app,
  { service },
  done,
) => {
  app.get(
    API_PATHS.applicantParentalConsent,
    {
      schema: {
        tags: ['applicant'],
        summary:
          'Zustimmung der Eltern (unter 16): Stand, und ob Interesse zeigen und Chatten schon möglich ist (ADR 0097)',
        response: { 200: parentalConsentSchema, ...errors },
      },
    },
    async (request) => service.get(await request.getActor()),
  );

  app.post(
    API_PATHS.applicantParentalConsent,
    {
      schema: {
        tags: ['applicant'],
        summary:
          'E-Mail an die Eltern erneut senden, auch an eine neue Adresse (neuer Link; höchstens 3 pro Stunde; nicht nach der Zustimmung)',
        body: parentalConsentRequestSchema,
        response: {
          200: parentalConsentSchema,
          400: errorResponseSchema,
          ...errors,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => service.resend(await request.getActor(), request.body),
  );

  /** The parent's page answers browsers: a bad query or form gives the German HTML page, never JSON. */
  function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'parental consent page failed');
    void reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderParentalConsentPage({ kind: 'INVALID' }));
  }

  // The page's buttons are plain HTML forms (urlencoded); only this plugin accepts that type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    },
  );

  app.get(
    API_PATHS.parentalConsentPage,
    {
      schema: {
        tags: ['applicant'],
        summary: 'Seite für Eltern aus der E-Mail: was Matchwerk ist, welche Daten, Zustimmen/Ablehnen (ohne Konto)',
        querystring: parentalConsentPageQuerySchema,
        response: { 200: html, 400: html },
      },
      errorHandler,
    },
    async (request, reply) => sendPage(reply, await service.page(request.query.token)),
  );

  app.post(
    API_PATHS.parentalConsentPage,
    {
      schema: {
        tags: ['applicant'],
        summary: 'Entscheidung der Eltern (Formular decision=confirm|decline|revoke), ohne Konto, per Link-Token',
        querystring: parentalConsentPageQuerySchema,
        body: parentalDecisionFormSchema,
        response: { 200: html, 400: html },
      },
      errorHandler,
    },
    async (request, reply) => sendPage(reply, await service.decide(request.query.token, request.body.decision)),
  );
  done();
};
