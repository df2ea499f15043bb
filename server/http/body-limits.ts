import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/**
 * How deeply a JSON body may nest. The contract's deepest request is three levels (a custom form's answers); a body
 * nested thousands of levels deep overflowed the stack of the code that copies it (the idempotency fingerprint's
 * structuredClone) and answered 500.
 */
export const MAX_JSON_DEPTH = 32;

/** A browser's form (the social consent page) is four short fields: a kilobyte or so. */
export const MAX_FORM_BYTES = 16 * 1024;
export const MAX_FORM_FIELDS = 32;

/**
 * Fastify's own JSON parser (secure-json-parse, refusing `__proto__` and `constructor.prototype` keys as it does by
 * default) followed by a depth check, so no handler ever sees a body deeper than MAX_JSON_DEPTH: 400 with the error
 * envelope (the app's error handler answers ApiError). Size is Fastify's `bodyLimit` (413). Registered per service
 * scope: /graphql, mounted beside them, keeps Fastify's parser and its own limits (graphql-armor).
 */
export function registerBoundedJsonParser(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    void parseJson(request, String(body), (error, value: unknown) => {
      if (error) return done(error);
      if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
        return done(new ApiError(400, 'The body is nested too deeply', { body: [`JSON may nest at most ${MAX_JSON_DEPTH} levels`] }));
      }
      done(null, value);
    });
  });
}

/** A form body as flat fields, within MAX_FORM_BYTES (413 from Fastify) and MAX_FORM_FIELDS (413 here). */
export function registerBoundedFormParser(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_FORM_BYTES }, (_request, body, done) => {
    const fields = [...new URLSearchParams(String(body))];
    if (fields.length > MAX_FORM_FIELDS) {
      return done(new ApiError(413, 'The form has too many fields', { body: [`A form may have at most ${MAX_FORM_FIELDS} fields`] }));
    }
    done(null, Object.fromEntries(fields));
  });
}

/** Level by level rather than recursively: a recursive walk would overflow on the very bodies it must refuse. */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  let level = isContainer(value) ? [value] : [];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > limit) return true;
    level = level.flatMap((container) => Object.values(container).filter(isContainer));
  }
  return false;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}
