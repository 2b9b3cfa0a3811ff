import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

// NUL cannot be stored in PostgreSQL text (the query fails), and a lone UTF-16 surrogate would be
// stored as U+FFFD: both are refused up front instead of surfacing as a 500 or as altered data.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const badText = (text: string) => text.includes('\0') || LONE_SURROGATE.test(text);

/**
 * The path of the first string (value or key) with characters the database cannot keep, '' for
 * the root, or null. Iterative: JSON.parse accepts nesting far deeper than the call stack.
 */
export function findBadText(root: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (badText(value)) return path;
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i += 1) {
        stack.push({ value: value[i], path: path ? `${path}.${i}` : String(i) });
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (badText(key)) return path;
        stack.push({ value: item, path: at });
      }
    }
  }
  return null;
}

/**
 * JSON bodies: an empty body (e.g. logout sent with a JSON content type) means "no body", not bad
 * JSON; text the database cannot keep is a 422 on its field. text/plain is not parsed at all, so it
 * gets the content-type error instead of reaching a schema as a string (ADR 005).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // The exact bytes an API-key signature covers (apikeys/service.ts); parsing loses them.
    request.rawBody = text;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultJson(request, text, (error, value: unknown) => {
      if (error) return done(error, undefined);
      const bad = findBadText(value);
      if (bad !== null) {
        return done(
          new AppError('VALIDATION', undefined, { [bad || 'body']: ['validation.invalid_characters'] }),
          undefined,
        );
      }
      done(null, value);
    });
  });
}
