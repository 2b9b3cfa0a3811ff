import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { isServerMessageKey, type Lang, resolveLang, translateServer } from '@ex/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { localiseIssues, RequestValidationError } from './validation.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

export interface ErrorBody {
  code: number;
  data: null;
  message: string;
  errors?: Record<string, string[]>;
}

export function ok<T>(request: FastifyRequest, data: T) {
  return { code: 0, data, message: translateServer(request.lang, 'error.ok') };
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function validationBody(lang: Lang, errors: Record<string, string[]>): ErrorBody {
  const first = Object.values(errors)[0]?.[0] ?? translateServer(lang, 'error.validation');
  return { code: 422, data: null, message: first, errors };
}

/** Maps every error the app, Fastify or a plugin can throw onto the envelope of API.md. */
export function toErrorBody(
  error: FastifyError | Error,
  lang: Lang,
): { status: number; body: ErrorBody } | null {
  if (error instanceof AppError) {
    if (error.fieldKeys) {
      const errors: Record<string, string[]> = {};
      for (const [field, keys] of Object.entries(error.fieldKeys)) {
        errors[field] = keys.map((k) => (isServerMessageKey(k) ? translateServer(lang, k, error.params) : k));
      }
      return { status: 422, body: validationBody(lang, errors) };
    }
    return {
      status: error.statusCode,
      body: { code: error.code, data: null, message: translateServer(lang, error.key, error.params) },
    };
  }
  if (error instanceof RequestValidationError) {
    return { status: 422, body: validationBody(lang, localiseIssues(error.issues, error.input, lang)) };
  }
  const code = (error as FastifyError).code;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return {
        status: 422,
        body: validationBody(lang, { body: [translateServer(lang, 'validation.content_type')] }),
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 422,
        body: validationBody(lang, { body: [translateServer(lang, 'validation.malformed_json')] }),
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return {
        status: 413,
        body: { code: 413, data: null, message: translateServer(lang, 'error.payload_too_large') },
      };
    default:
  }
  // busboy's own errors (no code): a multipart header without boundary, a cut-off form; a file
  // stream that ends before its part does (ERR_STREAM_PREMATURE_CLOSE).
  if (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /^(Multipart: Boundary not found|Unexpected end of (form|multipart data)|Part terminated early|Malformed part header)/.test(
      error.message,
    )
  ) {
    return {
      status: 422,
      body: validationBody(lang, { body: [translateServer(lang, 'validation.multipart_required')] }),
    };
  }
  // @fastify/static (send) refusing a path: traversal (403), NUL or bad encoding (400). Answered
  // as "not found" so probing learns nothing about the file system.
  if (error.name === 'ForbiddenError' || error.name === 'BadRequestError' || error.name === 'NotFoundError') {
    return { status: 404, body: notFoundBody(lang) };
  }
  // JSON.parse failures surface as SyntaxError with status 400 from the body parser.
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
    return {
      status: 422,
      body: validationBody(lang, { body: [translateServer(lang, 'validation.malformed_json')] }),
    };
  }
  return null;
}

export function registerEnvelope(app: FastifyInstance): void {
  app.decorateRequest('lang', 'de');
  // A callback hook, not an async one: no promise per request (ADR 213).
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = resolveLang(request.headers['accept-language']);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang ?? resolveLang(request.headers['accept-language']);
    const mapped = toErrorBody(error, lang);
    if (mapped) return send(reply, mapped.status, mapped.body);
    // Anything else is a bug or an outage: log everything, tell the client nothing specific.
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { code: 500, data: null, message: translateServer(lang, 'error.internal') });
  });
}

export function notFoundBody(lang: Lang): ErrorBody {
  return { code: 404, data: null, message: translateServer(lang, 'error.not_found') };
}

export function badRequestBody(request: FastifyRequest): ErrorBody {
  const lang = resolveLang(request.headers['accept-language']);
  return { code: 400, data: null, message: translateServer(lang, 'error.bad_request') };
}

/**
 * Node's HTTP parser refused the request before Fastify saw it (headers too large, broken framing,
 * time-out). No headers were read, so the message is in the default language.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const key = status === 431 ? 'error.payload_too_large' : 'error.bad_request';
  const body = JSON.stringify({ code: status, data: null, message: translateServer('de', key) });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
