import {
  API_PATHS,
  errorResponseSchema,
  FEEDBACK_MESSAGE_TOO_LONG,
  feedbackCreatedSchema,
  feedbackItemSchema,
  feedbackListQuerySchema,
  feedbackPageSchema,
  feedbackStatusUpdateSchema,
  MAX_UPLOAD_BYTES,
  REQUEST_MESSAGES,
} from '@matchwerk/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { withMultipart } from '../../plugins/multipart';
import { imageResponses } from '../../http/media-types';
import { sendImage } from '../images';
import type { FeedbackService, FeedbackSubmission } from './feedback.service';

export interface FeedbackRoutesOptions {
  service: FeedbackService;
}

const idParams = z.object({ id: z.string().max(64) });
const signedInErrors = { 401: errorResponseSchema, 403: errorResponseSchema } as const;
const FORM_FIELDS = new Set(['category', 'message', 'page']);
/** A text field of the form may be this long in bytes: the longest message in 4-byte characters fits. */
const FIELD_BYTES = 32 * 1024;

/**
 * Reads the feedback form (multipart/form-data: text fields and an optional screenshot in the
 * field `file`). A field longer than the parser allows is refused, never cut.
 */
async function readFeedbackForm(request: FastifyRequest): Promise<FeedbackSubmission> {
  if (!request.isMultipart())
    throw new AppError('VALIDATION_FAILED', { message: 'Bitte senden Sie das Formular als multipart/form-data.' });
  const fields: Record<string, string | undefined> = {};
  let screenshot: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fieldSize: FIELD_BYTES, fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError('VALIDATION_FAILED', { message: 'Ein Screenshot gehört in das Feld „file“.' });
        }
        const data = await part.toBuffer();
        screenshot = data.length > 0 ? data : null;
        continue;
      }
      if (!FORM_FIELDS.has(part.fieldname)) continue;
      if (part.valueTruncated)
        throw new AppError('VALIDATION_FAILED', { fieldErrors: { [part.fieldname]: FEEDBACK_MESSAGE_TOO_LONG } });
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new AppError('VALIDATION_FAILED', { message: REQUEST_MESSAGES.malformedUpload });
  }
  return { fields, screenshot };
}

/** Feedback (ADR 0036): sending for every web-app user, the list and its status for administrators. */
export const feedbackRoutes: FastifyPluginCallbackZod<FeedbackRoutesOptions> = (app, { service }, done) => {
  withMultipart(app, (scope) => {
    scope.post(
      API_PATHS.feedback,
      {
        schema: {
          tags: ['feedback'],
          summary:
            'Feedback senden (multipart: category, message, page, optional Screenshot im Feld „file“); gespeichert und an den Support gemailt',
          consumes: ['multipart/form-data'],
          response: {
            201: feedbackCreatedSchema,
            400: errorResponseSchema,
            ...signedInErrors,
            413: errorResponseSchema,
            415: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const actor = await request.getActor();
        // Access before the body: strangers cannot make us parse uploads.
        service.ensureSender(actor);
        return reply.code(201).send(await service.create(actor, await readFeedbackForm(request)));
      },
    );
  });

  app.get(
    API_PATHS.feedback,
    {
      schema: {
        tags: ['feedback'],
        summary: 'Feedback-Liste (nur Admins), neueste zuerst, optional nach Status',
        querystring: feedbackListQuerySchema,
        response: { 200: feedbackPageSchema, 400: errorResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.list(await request.getActor(), request.query),
  );

  app.put(
    API_PATHS.feedbackStatus,
    {
      schema: {
        tags: ['feedback'],
        summary: 'Status einer Rückmeldung setzen (nur Admins): neu, in Bearbeitung, erledigt',
        params: idParams,
        body: feedbackStatusUpdateSchema,
        response: { 200: feedbackItemSchema, 400: errorResponseSchema, ...signedInErrors, 404: errorResponseSchema },
      },
    },
    async (request) => service.setStatus(await request.getActor(), request.params.id, request.body.status),
  );

  app.get(
    API_PATHS.feedbackScreenshot,
    {
      schema: {
        tags: ['feedback'],
        summary: 'Screenshot einer Rückmeldung (nur Admins; Bild)',
        params: idParams,
        response: { ...imageResponses, ...signedInErrors, 404: errorResponseSchema },
      },
    },
    async (request, reply) => sendImage(reply, await service.screenshot(await request.getActor(), request.params.id)),
  );
  done();
};
