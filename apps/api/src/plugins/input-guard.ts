/**
 * One guard for every route (our modules and better-auth alike): a string anywhere in the
 * parsed body, query or path parameters that contains NUL, another control character or a lone
 * surrogate is refused with 400 and a German field message, before validation and before any
 * of it can reach PostgreSQL (which answers NUL in text with an error → 500). The shared zod
 * field builders apply the same rule (`hasForbiddenCharacters`), so forms say it early too.
 * Input nested deeper than any of our schemas is refused here as well.
 */
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters, TOO_DEEP_MESSAGE } from '@matchwerk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';

/** No request of ours nests deeper; thousands of levels overflow the stack of recursive validators. */
const MAX_DEPTH = 32;
const TOO_DEEP = Symbol('too deep');

/** The dotted path of the first bad string (or key), TOO_DEEP, or null. */
export function findForbiddenCharacters(value: unknown, path: string, depth = 0): string | typeof TOO_DEEP | null {
  if (typeof value === 'string') return hasForbiddenCharacters(value) ? path || '_' : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findForbiddenCharacters(value[index], path ? `${path}.${index}` : String(index), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyPath = path ? `${path}.${key}` : key;
    if (hasForbiddenCharacters(key)) return path || '_';
    const found = findForbiddenCharacters(item, keyPath, depth + 1);
    if (found) return found;
  }
  return null;
}

function firstForbidden(request: FastifyRequest): string | typeof TOO_DEEP | null {
  return (
    findForbiddenCharacters(request.params, '') ??
    findForbiddenCharacters(request.query, '') ??
    findForbiddenCharacters(request.body, '')
  );
}

export function registerInputGuard(app: FastifyInstance): void {
  // Thrown, not sent: routes with their own error handler (the HTML unsubscribe page) answer it their way.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = firstForbidden(request);
    if (field === TOO_DEEP) done(new AppError('VALIDATION_FAILED', { message: TOO_DEEP_MESSAGE }));
    else
      done(
        field
          ? new AppError('VALIDATION_FAILED', { fieldErrors: { [field]: FORBIDDEN_CHARACTERS_MESSAGE } })
          : undefined,
      );
  });
}
