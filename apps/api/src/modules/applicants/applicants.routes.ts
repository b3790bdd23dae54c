import {
  applicantVacancyDetailSchema,
  API_PATHS,
  applicantProfileInputSchema,
  ownApplicantProfileSchema,
  applicantSignupRequestSchema,
  applicantVacancyListResponseSchema,
  applicantVacancyQuerySchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  deleteAccountRequestSchema,
  errorResponseSchema,
  photoUploadResponseSchema,
  signupResponseSchema,
} from '@matchwerk/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageResponses } from '../../http/media-types';
import { readImageUpload, sendImage } from '../images';
import { withMultipart } from '../../plugins/multipart';
import { anonymousHeaders } from '../organizations';
import type { ApplicantsService } from './applicants.service';

export interface ApplicantsRoutesOptions {
  service: ApplicantsService;
}

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } as const;
const uploadErrors = {
  400: errorResponseSchema,
  ...errors,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  /** The image storage does not answer (errors/unavailable.ts). */
  503: errorResponseSchema,
} as const;
const photoParams = z.object({ photoId: z.string().min(1).max(64) });
const vacancyParams = z.object({ id: z.string().min(1).max(64) });
const tags = ['applicant'];
/** What organisations see of the profile (issue 46 item 8, ADR 0100), in the profile routes' OpenAPI description. */
const PROFILE_VISIBILITY =
  'Was Betriebe sehen – nur mit einer Anfrage (Interesse) an eine ihrer Stellenanzeigen: Vor- und Nachnamen, ' +
  'Alter in Jahren (nie das Geburtsdatum), Schule, Region, Über mich, Interessen, gesuchte Arten und Berufe ' +
  '(wantedTypes, wantedFields), verfügbar ab (availableFrom), Stärken (strengths, höchstens drei) und Fotos, ' +
  'dazu deine Nachricht zur Anfrage. Nie: Postleitzahl (zipCode, nur für deinen Feed), E-Mail-Adresse, ' +
  'Einwilligung der Eltern, „Nicht interessiert“.';

export const applicantsRoutes: FastifyPluginCallbackZod<ApplicantsRoutesOptions> = (app, { service }, done) => {
  app.post(
    API_PATHS.applicantSignup,
    {
      schema: {
        tags,
        summary:
          'Als Bewerberin / Bewerber registrieren (öffentlich; Anmeldung danach über /rest/auth/sign-in/email, Bearer-Token)',
        body: applicantSignupRequestSchema,
        response: { 200: signupResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    (request) =>
      service.signup(request.body, { ip: request.ip, headers: anonymousHeaders(request.ip), log: request.log }),
  );

  app.post(
    API_PATHS.applicantPassword,
    {
      schema: {
        tags,
        summary:
          'Passwort ändern (mit aktuellem Passwort); alle Sitzungen enden, die Antwort enthält das neue Bearer-Token',
        body: changePasswordRequestSchema,
        response: {
          200: changePasswordResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await service.changePassword(
        await request.getActor(),
        request.body,
        fromNodeHeaders(request.headers),
      );
      return reply.headers(result.headers).send(result.body);
    },
  );

  app.delete(
    API_PATHS.applicantAccount,
    {
      schema: {
        tags,
        summary:
          'Eigenes Konto endgültig löschen (mit aktuellem Passwort): Profil, Fotos, Anfragen, Chats und Sitzungen',
        body: deleteAccountRequestSchema,
        response: { 204: z.null().describe('gelöscht'), 400: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(await request.getActor(), request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    API_PATHS.applicantProfile,
    {
      schema: {
        tags,
        summary: 'Eigenes Profil',
        description: PROFILE_VISIBILITY,
        response: { 200: ownApplicantProfileSchema, ...errors },
      },
    },
    async (request) => service.getProfile(await request.getActor()),
  );

  app.put(
    API_PATHS.applicantProfile,
    {
      schema: {
        tags,
        summary: 'Eigenes Profil speichern',
        description: `Ersetzt das ganze Profil; unbekannte Felder → 400. ${PROFILE_VISIBILITY}`,
        body: applicantProfileInputSchema,
        response: { 200: ownApplicantProfileSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.updateProfile(await request.getActor(), request.body),
  );

  withMultipart(app, (scope) => {
    scope.post(
      API_PATHS.applicantProfilePhotos,
      {
        schema: {
          tags,
          summary: 'Profilfoto hochladen (multipart, Feld „file“; JPEG, PNG oder WebP)',
          consumes: ['multipart/form-data'],
          response: { 201: photoUploadResponseSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const actor = await request.getActor();
        // Refuse strangers before reading their upload.
        service.assertApplicant(actor);
        const data = await readImageUpload(request);
        return reply.code(201).send(await service.addPhoto(actor, data));
      },
    );
  });

  app.get(
    API_PATHS.applicantProfilePhoto,
    {
      schema: {
        tags,
        summary: 'Eigenes Profilfoto abrufen (Bild)',
        params: photoParams,
        response: { ...imageResponses, ...errors },
      },
    },
    async (request, reply) =>
      sendImage(reply, await service.getOwnPhoto(await request.getActor(), request.params.photoId)),
  );

  app.delete(
    API_PATHS.applicantProfilePhoto,
    {
      schema: {
        tags,
        summary: 'Profilfoto löschen',
        params: photoParams,
        response: { 204: z.null().describe('gelöscht'), ...errors },
      },
    },
    async (request, reply) => {
      await service.deletePhoto(await request.getActor(), request.params.photoId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    API_PATHS.applicantVacancies,
    {
      schema: {
        tags,
        summary: 'Aktive Stellenanzeigen (Filter: Region, Art, Umkreis um eine Postleitzahl)',
        querystring: applicantVacancyQuerySchema,
        response: { 200: applicantVacancyListResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.listVacancies(await request.getActor(), request.query),
  );

  app.get(
    API_PATHS.applicantVacancy,
    {
      schema: {
        tags,
        summary: 'Aktive Stellenanzeige lesen (zählt als Aufruf: einmal pro Bewerber/in, Anzeige und Tag)',
        params: vacancyParams,
        response: { 200: applicantVacancyDetailSchema, ...errors },
      },
    },
    async (request) => service.getVacancy(await request.getActor(), request.params.id, request.log),
  );

  app.get(
    API_PATHS.applicantVacancyPhoto,
    {
      schema: {
        tags,
        summary: 'Foto einer aktiven Stellenanzeige (Bild)',
        params: vacancyParams.extend({ photoId: z.string().min(1).max(64) }),
        response: { ...imageResponses, ...errors },
      },
    },
    async (request, reply) =>
      sendImage(
        reply,
        await service.getVacancyPhoto(await request.getActor(), request.params.id, request.params.photoId),
      ),
  );

  app.get(
    API_PATHS.applicantPhoto,
    {
      schema: {
        tags: ['matching'],
        summary: 'Foto einer Bewerberin / eines Bewerbers (nur mit Anfrage zu einer eigenen Stellenanzeige)',
        params: z.object({ applicantId: z.string().min(1).max(64), photoId: z.string().min(1).max(64) }),
        response: { ...imageResponses, ...errors },
      },
    },
    async (request, reply) =>
      sendImage(
        reply,
        await service.getPhotoForOrganization(
          await request.getActor(),
          request.params.applicantId,
          request.params.photoId,
        ),
      ),
  );
  done();
};
