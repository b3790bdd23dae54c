/**
 * The better-auth endpoints below /rest/auth in the OpenAPI document (ADR 0123). They are one
 * hidden wildcard route (plugins/auth.ts), so Fastify cannot describe them: this table does, one
 * entry per PUBLIC_AUTH_ENDPOINTS entry (system.routes.test.ts holds them together), with the
 * request and answer schemas of packages/shared. The route tests check these answers like any other.
 */
import {
  API_PATHS,
  authStatusResponseSchema,
  errorResponseSchema,
  okResponseSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  revokeSessionRequestSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
  signOutResponseSchema,
  verifyEmailQuerySchema,
} from '@matchwerk/shared';
import { z } from 'zod';
import type { OpenApiDocument } from './openapi-document';

/** A documented status: its body schema, or null for an answer without a body (a redirect). */
type AuthResponses = Record<number, z.ZodType | null>;

interface AuthOperation {
  summary: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  /** Beyond 429 (better-auth's own limit per address and path, on every endpoint). */
  responses: AuthResponses;
}

const signedIn = { 401: errorResponseSchema } as const;

/** Keyed like PUBLIC_AUTH_ENDPOINTS ("METHOD /path" below /rest/auth). */
export const AUTH_OPERATIONS: Readonly<Record<string, AuthOperation>> = {
  'GET /get-session': {
    summary: 'Aktuelle Sitzung mit Benutzer (null, wenn nicht angemeldet)',
    responses: { 200: sessionResponseSchema },
  },
  'POST /sign-in/email': {
    summary:
      'Anmelden mit E-Mail und Passwort (Cookie; `token` als Bearer für die Kandidaten-App). 401: falsche Angaben, 403: Adresse noch nicht bestätigt, 429: zu viele Versuche',
    body: signInRequestSchema,
    responses: { 200: signInResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
  },
  'POST /sign-out': {
    summary: 'Abmelden (beendet die Sitzung)',
    body: z.object({}),
    responses: { 200: signOutResponseSchema, ...signedIn },
  },
  'GET /verify-email': {
    summary: 'E-Mail-Adresse bestätigen (Link aus der Mail; mit callbackURL → 302 dorthin)',
    query: verifyEmailQuerySchema,
    responses: { 200: authStatusResponseSchema, 302: null, ...signedIn, 403: errorResponseSchema },
  },
  'POST /request-password-reset': {
    summary: 'Link zum Zurücksetzen des Passworts anfordern (gleiche Antwort für unbekannte Adressen)',
    body: requestPasswordResetSchema,
    responses: { 200: authStatusResponseSchema },
  },
  'POST /reset-password': {
    summary: 'Neues Passwort mit dem Token des Links setzen (400: Link ungültig oder abgelaufen)',
    body: resetPasswordSchema,
    responses: { 200: authStatusResponseSchema },
  },
  'GET /list-sessions': {
    summary: 'Eigene Sitzungen (ohne ihre Tokens)',
    responses: { 200: sessionListResponseSchema, ...signedIn },
  },
  'POST /revoke-session': {
    summary: 'Eine eigene Sitzung beenden',
    body: revokeSessionRequestSchema,
    responses: { 200: authStatusResponseSchema, ...signedIn },
  },
  'POST /revoke-sessions': {
    summary: 'Alle eigenen Sitzungen beenden',
    body: z.object({}),
    responses: { 200: authStatusResponseSchema, ...signedIn },
  },
  'POST /revoke-other-sessions': {
    summary: 'Alle eigenen Sitzungen außer dieser beenden',
    body: z.object({}),
    responses: { 200: authStatusResponseSchema, ...signedIn },
  },
  'GET /ok': { summary: 'Anmeldedienst erreichbar', responses: { 200: okResponseSchema } },
};

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io }) as Record<
    string,
    unknown
  >;
  return json;
}

function operationObject(operation: AuthOperation): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries({ ...operation.responses, 429: errorResponseSchema })) {
    responses[status] = schema
      ? { description: 'Default Response', content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } } }
      : { description: 'Weiterleitung' };
  }
  const parameters = Object.entries(operation.query?.shape ?? {}).map(([name, schema]) => ({
    in: 'query',
    name,
    required: !(schema as z.ZodType).safeParse(undefined).success,
    schema: jsonSchemaOf(schema as z.ZodType, 'input'),
  }));
  return {
    summary: operation.summary,
    tags: ['auth'],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(operation.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** The document with the better-auth endpoints added under their full paths. */
export function withAuthEndpoints<T extends OpenApiDocument>(document: T): T {
  const paths = (document.paths ??= {});
  for (const [entry, operation] of Object.entries(AUTH_OPERATIONS)) {
    const [method = '', path = ''] = entry.split(' ');
    const item = (paths[`${API_PATHS.auth}${path}`] ??= {});
    item[method.toLowerCase()] = operationObject(operation);
  }
  return document;
}
