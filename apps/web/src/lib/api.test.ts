import { describe, expect, it, vi } from 'vitest';
import { pathOf, queryOf, stubFetch } from '../test/fetchStub';
import { ApiError, fillPath, onUnauthorized, request } from './api';
import { errorDetail } from './errorDetail';
import { session } from './session';

describe('request', () => {
  it('sends JSON bodies with a JSON content type and parses JSON answers', async () => {
    const { calls } = stubFetch(() => ({ json: { ok: true } }));
    const answer = await request('POST', '/things/', { body: { a: 1 } });
    expect(answer).toEqual({ ok: true });
    expect(calls[0]!.url).toBe('/api/v1/things/');
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.body).toEqual({ a: 1 });
  });

  it('sends form data as is, without setting a content type', async () => {
    const { calls } = stubFetch(() => ({ json: {} }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    await request('POST', '/simulations/analyze-image', { body: form });
    expect(calls[0]!.body).toBe(form);
    expect(calls[0]!.headers.get('Content-Type')).toBeNull();
  });

  it('reads answers that are not JSON as text', async () => {
    stubFetch(() => ({ text: 'plain words', contentType: 'text/plain; charset=utf-8' }));
    await expect(request('GET', '/x')).resolves.toBe('plain words');
  });

  it('parses JSON by content type, including +json and charset', async () => {
    stubFetch(() => ({ text: '{"a":2}', contentType: 'application/problem+json; charset=utf-8' }));
    await expect(request('GET', '/x')).resolves.toEqual({ a: 2 });
  });

  it('adds the query, skipping empty values', async () => {
    const { calls } = stubFetch(() => ({ json: [] }));
    await request('GET', '/users/', { query: { skip: 0, limit: 25, q: undefined, r: null } });
    expect(pathOf(calls[0]!)).toBe('/api/v1/users/');
    expect(Object.fromEntries(queryOf(calls[0]!))).toEqual({ skip: '0', limit: '25' });
  });

  it('carries the session token only where marked', async () => {
    session.setToken('tok-1');
    const { calls } = stubFetch(() => ({ json: {} }));
    await request('GET', '/users/me', { auth: true });
    await request('GET', '/utils/config');
    await request('GET', '/login/logout-url', { token: 'explicit' });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(calls[1]!.headers.get('Authorization')).toBeNull();
    expect(calls[2]!.headers.get('Authorization')).toBe('Bearer explicit');
  });

  it('turns any non-success status into ApiError with the spec message, status, status text and body', async () => {
    stubFetch(() => ({ status: 409, statusText: 'Conflict', json: { detail: 'A user with this email already exists' } }));
    const error = await request('POST', '/users/', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('Request failed with status 409');
    expect(apiError.status).toBe(409);
    expect(apiError.statusText).toBe('Conflict');
    expect(apiError.body).toEqual({ detail: 'A user with this email already exists' });
  });

  it('keeps a text body on errors', async () => {
    stubFetch(() => ({ status: 502, statusText: 'Bad Gateway', text: 'upstream down' }));
    const error = (await request('GET', '/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Request failed with status 502');
    expect(error.body).toBe('upstream down');
  });

  it('tells listeners about a 401 on a call that carried a token, and only then', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    stubFetch(() => ({ status: 401, json: { detail: 'Could not validate credentials' } }));
    await request('GET', '/open').catch(() => undefined);
    expect(listener).not.toHaveBeenCalled();
    session.setToken('expired');
    await request('GET', '/users/me', { auth: true }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('path templates', () => {
  it('fills and encodes parameters', () => {
    expect(fillPath('/simulations/{id}', { id: 'a b/c' })).toBe('/simulations/a%20b%2Fc');
    expect(fillPath('/password-recovery/{email}', { email: 'a@b.co' })).toBe('/password-recovery/a%40b.co');
  });

  it('names a missing parameter', async () => {
    expect(() => fillPath('/simulations/{id}')).toThrow('Missing path parameter: id');
    expect(() => fillPath('/simulations/{simulation_id}/abort', {})).toThrow(new Error('Missing path parameter: simulation_id'));
    const fetchMock = stubFetch(() => ({ json: {} })).fetchMock;
    await expect(request('GET', '/simulations/{id}', { pathParams: {} })).rejects.toThrow('Missing path parameter: id');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('errorDetail', () => {
  it('takes a string detail as the message', () => {
    const error = new ApiError(400, 'Bad Request', { detail: 'Incorrect password' });
    expect(errorDetail(error)).toEqual({ message: 'Incorrect password', fields: {}, status: 400 });
  });

  it('maps a validation list to its fields', () => {
    const error = new ApiError(422, 'Unprocessable Entity', {
      detail: [
        { loc: ['body', 'email'], msg: 'This field must be a valid email', type: 'invalid_format' },
        { loc: ['body', 'password'], msg: 'Minimum length is 8', type: 'too_small' },
      ],
    });
    const detail = errorDetail(error);
    expect(detail.fields).toEqual({ email: 'This field must be a valid email', password: 'Minimum length is 8' });
    expect(detail.message).toBe('E-mail: This field must be a valid email; Password: Minimum length is 8');
  });

  it('falls back to the error message, and explains network failures', () => {
    expect(errorDetail(new ApiError(500, 'Internal Server Error', 'oops')).message).toBe('Request failed with status 500');
    expect(errorDetail(new TypeError('Failed to fetch')).message).toMatch(/Could not reach the server/);
    expect(errorDetail('weird').message).toBe('Something went wrong');
  });
});
