import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { withAuthEndpoints } from './auth-openapi';
import { finishOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** OpenAPI from the shared zod schemas at /rest/openapi.json, docs page at /rest/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Matchwerk API',
        version: '0.1.0',
        description:
          'REST-Schnittstelle der Matchwerk-Web-App. Anmeldung: /rest/auth (better-auth; nur die hier beschriebenen Endpunkte).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'matchwerk.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // The better-auth endpoints (auth-openapi.ts); bodyless 204/304, the media types of HTML pages, CSV,
    // ZIP and image files, and the error statuses every operation can get (openapi-document.ts).
    transformObject: (documentObject) =>
      finishOpenApiDocument(withAuthEndpoints(jsonSchemaTransformObject(documentObject) as OpenApiDocument)),
  });
  await app.register(swaggerUi, { routePrefix: '/rest/docs' });
  app.get('/rest/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
