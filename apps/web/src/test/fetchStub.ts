import { vi } from 'vitest';

export interface StubbedCall {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

export interface StubResponse {
  status?: number;
  statusText?: string;
  json?: unknown;
  text?: string;
  contentType?: string;
}

type Route = (call: StubbedCall) => StubResponse | Promise<StubResponse> | undefined;

/**
 * Replaces fetch with a function of the call. Answers 404 {"detail":"Not Found"} for anything the
 * routes do not answer. Records every call.
 */
export function stubFetch(route: Route) {
  const calls: StubbedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const headers = new Headers(init.headers);
    let body: unknown = init.body;
    if (typeof body === 'string' && headers.get('Content-Type') === 'application/json') body = JSON.parse(body);
    const call: StubbedCall = { method: (init.method ?? 'GET').toUpperCase(), url, headers, body };
    calls.push(call);
    const answer = (await route(call)) ?? { status: 404, json: { detail: 'Not Found' } };
    const status = answer.status ?? 200;
    const isJson = answer.json !== undefined;
    const payload = isJson ? JSON.stringify(answer.json) : (answer.text ?? '');
    return new Response(status === 204 ? null : payload, {
      status,
      statusText: answer.statusText ?? (status < 400 ? 'OK' : 'Error'),
      headers: { 'Content-Type': answer.contentType ?? (isJson ? 'application/json' : 'text/plain') },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Path and query of a recorded call (the origin is irrelevant: all calls are same-origin). */
export function pathOf(call: StubbedCall): string {
  const u = new URL(call.url, 'http://localhost');
  return u.pathname;
}

export function queryOf(call: StubbedCall): URLSearchParams {
  return new URL(call.url, 'http://localhost').searchParams;
}

export const aUser = {
  id: '0b5b3c1e-6c9a-4c53-9a1e-2a8f0f4e6d11',
  email: 'ada@simforge.test',
  full_name: 'Ada Lovelace',
  is_active: true,
  is_superuser: false,
  is_anonymous: false,
  created_at: '2026-01-02T03:04:05.000Z',
};
