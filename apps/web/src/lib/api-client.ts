import type { ErrorCode, FieldError } from '@inspecta/contract';
import { API_BASE_URL } from '@/config/app';
import { storage } from './storage';

/** Codes the client adds for failures that never reached the server's error handler. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'UNKNOWN';

/** An API failure, carrying the server's error body ({ statusCode, error, message, code, details }). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly details: FieldError[];
  /** Seconds to wait before retrying, from the Retry-After header (429). */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    details?: FieldError[];
    retryAfterSeconds?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** The `details` as a field → message map, ready for a form's setErrors. */
  fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const detail of this.details) {
      errors[detail.field] ??= detail.message;
    }
    return errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: QueryParams;
  /** Use this token instead of the stored one; `null` sends no Authorization header. */
  token?: string | null;
  signal?: AbortSignal;
  /** Do not treat a 401 as the end of the session (the login call itself). */
  skipUnauthorizedHandler?: boolean;
  /** 'file': answer `{ blob, fileName }` (from Content-Disposition) instead of parsed JSON. */
  responseType?: 'json' | 'file';
  /** With 'file': called as the body arrives, for a progress indicator (docs/exports.md). */
  onProgress?: (progress: DownloadProgress) => void;
}

/** How far a streamed download is: bytes so far, and rows when the server announces them. */
export interface DownloadProgress {
  bytes: number;
  /** Rows the export holds (the `x-export-row-count` header), or null when unknown. */
  totalRows: number | null;
  /** Rows received so far (line breaks of a CSV body), or null when the format cannot tell (.xlsx). */
  rows: number | null;
}

const ROW_COUNT_HEADER = 'x-export-row-count';

/** Reads a body chunk by chunk, reporting progress, into one Blob. */
async function readWithProgress(
  response: Response,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? '';
  const announced = response.headers.get(ROW_COUNT_HEADER);
  const totalRows = announced !== null && /^\d+$/.test(announced) ? Number(announced) : null;
  const isCsv = type.startsWith('text/csv');
  const body = response.body;
  if (!body) return response.blob();
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  onProgress({ bytes, totalRows, rows: isCsv ? 0 : null });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.length;
    if (isCsv) for (const byte of value) if (byte === 10) lines++;
    // The first line of a CSV is its heading.
    onProgress({ bytes, totalRows, rows: isCsv ? Math.max(0, lines - 1) : null });
  }
  return new Blob(parts as BlobPart[], { type });
}

/** A downloaded file: its content and the name the server gave it (null when it gave none). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a Content-Disposition header, preferring the UTF-8 `filename*` form. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name || null;
}

export interface ApiClientConfig {
  baseUrl: string;
  getToken: () => string | null;
  /** Called on any 401 (unless the request opted out); ends the session. */
  onUnauthorized: () => void;
  /**
   * Every call needs the session (the inspector app's and the portal's clients): with no token
   * stored, a call that does not pass one answers 401 here, as the server would, without being sent.
   * A screen still mounted while its sign-out ends the session would otherwise send refused requests.
   */
  sessionRequired?: boolean;
  fetch?: typeof fetch;
}

const FALLBACK_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseDetails(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string'
      ? [
          {
            field: item.field,
            message: item.message,
            // A refused row of a bulk action.
            ...(typeof item.id === 'number' ? { id: item.id } : {}),
          },
        ]
      : [],
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const fallbackCode: ErrorCode | ClientErrorCode =
    FALLBACK_CODES[response.status] ?? (response.status >= 500 ? 'INTERNAL' : 'UNKNOWN');
  const fallbackMessage =
    response.status >= 500
      ? 'The server could not complete the request. Please try again in a moment.'
      : `The request failed (HTTP ${response.status}).`;
  return new ApiError({
    status: response.status,
    code:
      isRecord(body) && typeof body.code === 'string'
        ? (body.code as ErrorCode | ClientErrorCode)
        : fallbackCode,
    message:
      isRecord(body) && typeof body.message === 'string' && body.message ? body.message : fallbackMessage,
    details: isRecord(body) ? parseDetails(body.details) : [],
    retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
  });
}

/** The server's words for a missing or ended session (access-control.ts). */
const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export function createApiClient(config: ApiClientConfig) {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const headers = new Headers({ Accept: 'application/json' });
    const token = options.token !== undefined ? options.token : config.getToken();
    if (!token && options.token === undefined && config.sessionRequired) {
      if (!options.skipUnauthorizedHandler) config.onUnauthorized();
      throw new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: SESSION_ENDED_MESSAGE });
    }
    // SPEC.md 7: the raw token, no "Bearer " scheme.
    if (token) headers.set('Authorization', token);

    let body: string | FormData | undefined;
    if (options.body instanceof FormData) {
      // The browser writes the multipart Content-Type with its boundary.
      body = options.body;
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }

    const init: RequestInit = {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'omit',
      signal: options.signal,
    };
    const url = buildUrl(config.baseUrl, path, options.query);

    let response: Response;
    try {
      response = config.fetch ? await config.fetch(url, init) : await globalThis.fetch(url, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError({
        status: 0,
        code: 'NETWORK_ERROR',
        message: 'Cannot reach the server. Check your connection and try again.',
      });
    }

    if (response.status === 401 && !options.skipUnauthorizedHandler) {
      config.onUnauthorized();
    }
    if (!response.ok) throw await toApiError(response);
    if (options.responseType === 'file') {
      return {
        blob: options.onProgress
          ? await readWithProgress(response, options.onProgress)
          : await response.blob(),
        fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
      } as T;
    }
    return (await readJson(response)) as T;
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
    /** POST a multipart form (file uploads). */
    postForm: <T>(path: string, form: FormData, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body: form }),
    /** GET a file with the session's Authorization header (exports, templates). */
    getFile: (path: string, options?: Omit<RequestOptions, 'method' | 'body' | 'responseType'>) =>
      request<DownloadedFile>(path, { ...options, method: 'GET', responseType: 'file' }),
  };
}

let unauthorizedHandler: () => void = () => {};

/** The app registers what a 401 does (clear storage and cache, go to /); see app/router.tsx. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** The client every feature uses: same-origin /api, the stored token, the app's 401 handler. */
export const api = createApiClient({
  baseUrl: API_BASE_URL,
  getToken: () => storage.getToken(),
  onUnauthorized: () => unauthorizedHandler(),
});

let inspectorUnauthorizedHandler: () => void = () => {};

/** What a 401 does in the inspector app (end its session, go to its sign-in); see app/router.tsx. */
export function setInspectorUnauthorizedHandler(handler: () => void): void {
  inspectorUnauthorizedHandler = handler;
}

/** The inspector app's client: same /api, but the inspector session's token and its own 401 handler. */
export const inspectorApi = createApiClient({
  baseUrl: API_BASE_URL,
  getToken: () => storage.getInspectorToken(),
  onUnauthorized: () => inspectorUnauthorizedHandler(),
  sessionRequired: true,
});

let portalUnauthorizedHandler: () => void = () => {};

/** What a 401 does in the client portal (end its session only, go to its sign-in); see app/router.tsx. */
export function setPortalUnauthorizedHandler(handler: () => void): void {
  portalUnauthorizedHandler = handler;
}

/** The client portal's client: same /api, but the portal session's token and its own 401 handler. */
export const portalApi = createApiClient({
  baseUrl: API_BASE_URL,
  getToken: () => storage.getPortalToken(),
  sessionRequired: true,
  onUnauthorized: () => portalUnauthorizedHandler(),
});
