import type { ErrorCode, FieldError } from '@inspecta/contract';

/** The HTTP status for every error code: the one place codes meet HTTP. */
export const statusForCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export interface AppErrorOptions {
  details?: FieldError[];
  /** Seconds, sent as Retry-After (rate limits). */
  retryAfter?: number;
  cause?: unknown;
}

/** The one error type services throw; the error handler turns it into the HTTP answer. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: FieldError[] | undefined;
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }

  get statusCode(): number {
    return statusForCode[this.code];
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} was not found`);
  }

  static conflict(field: string, message: string): AppError {
    return new AppError('CONFLICT', message, { details: [{ field, message }] });
  }

  static validation(details: FieldError[], message = 'Some fields are not valid'): AppError {
    return new AppError('VALIDATION_FAILED', message, { details });
  }

  static forbidden(message = 'You do not have permission to do this'): AppError {
    return new AppError('FORBIDDEN', message);
  }

  static unauthenticated(message = 'Please sign in again'): AppError {
    return new AppError('UNAUTHENTICATED', message);
  }
}
