import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI from the shared zod schemas at /rest/openapi.json, docs page at /rest/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Matchwerk API',
        version: '0.1.0',
        description: 'REST-Schnittstelle der Matchwerk-Web-App. Anmeldung: /rest/auth (better-auth).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'matchwerk.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/rest/docs' });
  app.get('/rest/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
