// The API client of spec sections 7 and 8: one `request` for every call, same origin, base /api/v1.
import { session } from './session';

export const API_BASE = '/api/v1';

/** Any non-success answer. The message is exactly the spec's; the answer itself travels along. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(status: number, statusText: string, body: unknown) {
    super(`Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** JSON-encoded unless it is FormData (sent as is). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Values for `{name}` placeholders of the path template. */
  pathParams?: Record<string, string | number>;
  /** Send the session's bearer token (calls marked "bearer" in the spec). */
  auth?: boolean;
  /** An explicit token, used instead of the session's (e.g. while signing out). */
  token?: string | null;
  signal?: AbortSignal;
}

type UnauthorizedListener = (error: ApiError) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called when a call that carried a token is refused with 401 (the token expired or was revoked). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** For calls made outside `request` (the event streams): a 401 that carried the token ends the session. */
export function reportUnauthorized(error: ApiError): void {
  unauthorizedListeners.forEach((listener) => listener(error));
}

/** The session's bearer header, for calls made outside `request` (event streams). */
export function bearerHeaders(): Record<string, string> {
  const token = session.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Fills `{name}` placeholders; a missing one is a programming error, reported by name. */
export function fillPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter: ${name}`);
    return encodeURIComponent(String(value));
  });
}

export function queryString(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/** JSON answers are parsed (by content type); anything else is read as text. */
async function readBody(response: Response): Promise<unknown> {
  if (isJsonContentType(response.headers.get('content-type'))) {
    const text = await response.text();
    return text === '' ? null : (JSON.parse(text) as unknown);
  }
  return response.text();
}

/** The ApiError of a failed fetch made outside `request` (binary answers): its body as JSON when it parses, else its text. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return new ApiError(response.status, response.statusText, body);
}

export async function request<T = unknown>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const url = `${API_BASE}${fillPath(path, options.pathParams)}${queryString(options.query)}`;
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const token = options.token !== undefined ? options.token : options.auth ? session.getToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const response = await fetch(url, { method, headers, body, signal: options.signal, credentials: 'same-origin' });
  const payload = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, payload);
    if (response.status === 401 && token) unauthorizedListeners.forEach((listener) => listener(error));
    throw error;
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
