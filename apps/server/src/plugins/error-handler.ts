import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody, FieldError } from '@inspecta/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, statusForCode } from '../core/errors.js';
import { API_PREFIX } from './access-control.js';
import { sendClientApp } from './web-client.js';

export function errorBody(error: AppError): ErrorBody {
  const statusCode = error.statusCode;
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message: error.message,
    code: error.code,
    ...(error.details ? { details: error.details } : {}),
  };
}

/** Converts whatever was thrown into the one error type; unknown failures become INTERNAL. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: FieldError[] = error.validation.map((issue) => ({
      field: fieldPath(issue.instancePath, issue.params),
      message: issue.message ?? 'Invalid value',
    }));
    const where = error.validationContext === 'body' ? '' : ` in the ${error.validationContext}`;
    const names = [...new Set(details.map((d) => d.field).filter(Boolean))];
    return AppError.validation(
      details,
      names.length ? `Check these fields${where}: ${names.join(', ')}` : 'The request is not valid',
    );
  }
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted here');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('BAD_REQUEST', 'The request body is not valid JSON');
    case 'FST_ERR_BAD_URL':
      return new AppError('BAD_REQUEST', 'The address is not valid (broken percent-encoding)');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('URI_TOO_LONG', 'A part of the address is too long');
  }
  if (fastifyError.statusCode === 429) {
    return new AppError('RATE_LIMITED', 'Too many requests. Slow down and try again shortly.');
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = (Object.entries(statusForCode).find(([, s]) => s === status)?.[0] ??
      'BAD_REQUEST') as AppError['code'];
    return new AppError(code, fastifyError.message || 'The request was refused');
  }
  return new AppError('INTERNAL', 'Something went wrong on our side. Please try again.', { cause: error });
}

function fieldPath(instancePath: string, params: unknown): string {
  const base = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ? [base, missing].filter(Boolean).join('.') : base;
}

/** The one error handler: every failure leaves as `{ statusCode, error, message, code, details? }`. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const appError = toAppError(error);
      if (appError.code === 'SERVICE_UNAVAILABLE') {
        // Deliberate: a render queue full, or an outside lookup down. The client is told to retry and
        // nothing here failed, so it is not logged as an error that would page someone.
        request.log.warn({ code: appError.code, message: appError.message }, 'request shed: busy');
      } else if (appError.statusCode >= 500) {
        request.log.error(
          { err: isResponseSerializationError(error) ? error.cause : error },
          'request failed',
        );
      } else {
        request.log.info({ code: appError.code, message: appError.message }, 'request refused');
      }
      if (appError.retryAfter !== undefined) reply.header('Retry-After', String(appError.retryAfter));
      return reply.status(appError.statusCode).send(errorBody(appError));
    });

    app.setNotFoundHandler((request, reply) => {
      if (!isApiPath(request.url.split('?')[0] ?? '')) {
        const sent = sendClientApp(request, reply);
        if (sent) return sent;
      }
      const body = errorBody(
        new AppError('NOT_FOUND', `Nothing at ${request.method} ${request.url.split('?')[0]}`),
      );
      return reply.status(404).send(body);
    });
  },
  { name: 'error-handler' },
);

/**
 * What Fastify hands errors raised while routing (a path that is not valid percent-encoding, an
 * over-long path parameter), which otherwise leave in Fastify's own shape, without `code`.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed while routing');
  return reply.status(appError.statusCode).send(errorBody(appError));
}

/**
 * What Node's HTTP parser refuses before there is a request (headers or URL over the 16 KB limit,
 * a request that is not HTTP, a client too slow to send its headers) is answered on the socket in
 * the same error body; Fastify's default writes one without `code`.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('HEADERS_TOO_LARGE', 'The request headers or the address are too large')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError('REQUEST_TIMEOUT', 'The request took too long to arrive')
        : new AppError('BAD_REQUEST', 'The request is not valid HTTP');
  const body = JSON.stringify(errorBody(appError));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.statusCode} ${STATUS_CODES[appError.statusCode]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
}
