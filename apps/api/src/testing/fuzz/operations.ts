/**
 * The operations the fuzzer calls: every operation of the app's OpenAPI document, plus the
 * better-auth endpoints under /rest/auth/* as written below (the document describes them too, ADR 0123;
 * these entries add hostile fields and an endpoint that must stay hidden).
 */
import type { JsonSchema } from './schema-arbitrary';

export interface FuzzParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface FuzzOperation {
  /** "PUT /rest/vacancy/{id}" */
  id: string;
  method: string;
  /** OpenAPI path template with {name} placeholders. */
  path: string;
  parameters: FuzzParameter[];
  /** JSON request body schema, when the operation declares one. */
  body?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: { name: string; in: FuzzParameter['in']; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsFromOpenApi(document: unknown): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries((document as OpenApiDocument).paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const upper = method.toUpperCase();
      operations.push({
        id: `${upper} ${path}`,
        method: upper,
        path,
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required ?? parameter.in === 'path',
          schema: parameter.schema ?? { type: 'string' },
        })),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

const email: JsonSchema = { type: 'string', format: 'email' };
const password: JsonSchema = { type: 'string', minLength: 1, maxLength: 128 };
const token: JsonSchema = { type: 'string', maxLength: 200 };
const url: JsonSchema = { type: 'string', maxLength: 200 };
const query = (name: string, schema: JsonSchema): FuzzParameter => ({ name, in: 'query', required: false, schema });

/** The better-auth endpoints the app exposes (PUBLIC_AUTH_ENDPOINTS in plugins/auth.ts) and one it must not. */
export const AUTH_OPERATIONS: FuzzOperation[] = [
  { id: 'GET /rest/auth/get-session', method: 'GET', path: '/rest/auth/get-session', parameters: [] },
  { id: 'GET /rest/auth/ok', method: 'GET', path: '/rest/auth/ok', parameters: [] },
  {
    id: 'POST /rest/auth/sign-in/email',
    method: 'POST',
    path: '/rest/auth/sign-in/email',
    parameters: [],
    body: {
      type: 'object',
      properties: { email, password, rememberMe: { type: 'boolean' }, callbackURL: url },
      required: ['email', 'password'],
    },
  },
  {
    id: 'POST /rest/auth/sign-out',
    method: 'POST',
    path: '/rest/auth/sign-out',
    parameters: [],
    body: { type: 'object', properties: {} },
  },
  {
    id: 'GET /rest/auth/verify-email',
    method: 'GET',
    path: '/rest/auth/verify-email',
    parameters: [query('token', token), query('callbackURL', url)],
  },
  {
    id: 'POST /rest/auth/request-password-reset',
    method: 'POST',
    path: '/rest/auth/request-password-reset',
    parameters: [],
    body: { type: 'object', properties: { email, redirectTo: url }, required: ['email'] },
  },
  {
    id: 'POST /rest/auth/reset-password',
    method: 'POST',
    path: '/rest/auth/reset-password',
    parameters: [query('token', token)],
    body: { type: 'object', properties: { newPassword: password, token }, required: ['newPassword'] },
  },
  { id: 'GET /rest/auth/list-sessions', method: 'GET', path: '/rest/auth/list-sessions', parameters: [] },
  {
    id: 'POST /rest/auth/revoke-session',
    method: 'POST',
    path: '/rest/auth/revoke-session',
    parameters: [],
    body: { type: 'object', properties: { token }, required: ['token'] },
  },
  {
    id: 'POST /rest/auth/revoke-sessions',
    method: 'POST',
    path: '/rest/auth/revoke-sessions',
    parameters: [],
    body: { type: 'object', properties: {} },
  },
  {
    id: 'POST /rest/auth/revoke-other-sessions',
    method: 'POST',
    path: '/rest/auth/revoke-other-sessions',
    parameters: [],
    body: { type: 'object', properties: {} },
  },
  {
    id: 'POST /rest/auth/sign-up/email (not exposed)',
    method: 'POST',
    path: '/rest/auth/sign-up/email',
    parameters: [],
    body: {
      type: 'object',
      properties: { email, password, name: { type: 'string' } },
      required: ['email', 'password', 'name'],
    },
  },
];

export function fuzzOperations(document: unknown): FuzzOperation[] {
  // The document describes the exposed better-auth endpoints too (ADR 0123): the hand-written
  // entries below stay (hostile extras such as callbackURL, and one endpoint that must stay hidden).
  const handWritten = new Set(AUTH_OPERATIONS.map((operation) => operation.id));
  return [...operationsFromOpenApi(document).filter((operation) => !handWritten.has(operation.id)), ...AUTH_OPERATIONS];
}
