// Text the database cannot store (NUL, an unpaired UTF-16 surrogate), in every field a client can
// send: each answers 422 naming the field, never a 500 from PostgreSQL or PGlite, and nothing of
// it is stored. The sign-in page answers with itself, naming the field by its label.

import { randomUUID } from 'node:crypto';
import { CASE_FILE_FORMAT, CASE_FILE_VERSION, exampleNetworkInp } from '@simforge/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { expectInvalidField, expectStatus, uniqueEmail, type Harness } from '../harness.js';
import { createSimulation } from '../simulation-harness.js';
import type { GetHarness } from '../harness.js';

const NUL = 'This field must not contain NUL characters';
const SURROGATE = 'This field must not contain unpaired UTF-16 surrogates (it is not valid Unicode text)';

/** A marker that withLoneSurrogate turns into an unpaired surrogate: `\ud800` in the JSON text, as a client sends it. */
const LONE = 'LONE-SURROGATE';

/** A JSON body whose LONE markers are unpaired surrogates. */
function withLoneSurrogate(body: Record<string, unknown>): { body: string; headers: Record<string, string> } {
  return { body: JSON.stringify(body).replaceAll(LONE, '\\ud800'), headers: { 'content-type': 'application/json' } };
}

/** The built-in provider's sign-in page for a fresh authorization request, and its interaction cookie. */
async function openSignInPage(h: Harness): Promise<{ action: string; cookie: string }> {
  const query = new URLSearchParams({
    client_id: h.config.auth.builtin!.clientId,
    redirect_uri: `${h.config.publicUrl}/auth-callback`,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'state-of-this-test-0001',
    nonce: 'nonce-of-this-test-0001',
  });
  const start = await h.app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
  expect(start.statusCode, start.body).toBe(303);
  const cookie = start.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const interaction = String(start.headers.location);
  const page = await h.app.inject({ method: 'GET', url: interaction, headers: { cookie } });
  expectStatus(page, 200);
  return { action: /action="([^"]+)"/.exec(page.body)![1]!, cookie };
}

function expectSignInError(res: LightMyRequestResponse, status: number, message: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.body).toContain(`<p class="error" role="alert">${message}</p>`);
}

export function unstorableTextTests(h: GetHarness): void {
  it('a simulation title or description with NUL or an unpaired surrogate: 422 on the field, nothing stored', async () => {
    const engineer = await h().signUp();
    const draft = { title: 'Cooling line', type: 'CIRCULAR_PIPE' };
    expectInvalidField(await h().post('simulations/', { as: engineer, body: { ...draft, title: 'a\u0000b' } }), ['body', 'title'], NUL);
    expectInvalidField(await h().post('simulations/', { as: engineer, body: { ...draft, description: 'x\u0000' } }), ['body', 'description'], NUL);
    expectInvalidField(await h().post('simulations/', { as: engineer, ...withLoneSurrogate({ ...draft, title: `a${LONE}` }) }), ['body', 'title'], SURROGATE);
    // A surrogate in a parameter would reach a jsonb column; a NUL in a parameter's name too.
    expectInvalidField(await h().post('simulations/', { as: engineer, ...withLoneSurrogate({ ...draft, parameters: { fluid: LONE } }) }), ['body', 'parameters', 'fluid'], SURROGATE);
    expectInvalidField(await h().post('simulations/', { as: engineer, body: { ...draft, parameters: { 'a\u0000': 1 } } }), ['body', 'parameters', 'a\u0000'], NUL);
    expect((await h().get('simulations/', { as: engineer })).json().count).toBe(0);

    const simulation = await createSimulation(h(), engineer);
    expectInvalidField(await h().put(`simulations/${simulation.id}`, { as: engineer, body: { title: 'a\u0000b' } }), ['body', 'title'], NUL);
    expectInvalidField(await h().put(`simulations/${simulation.id}`, { as: engineer, body: { description: '\u0000' } }), ['body', 'description'], NUL);
    expect((await h().get(`simulations/${simulation.id}`, { as: engineer })).json()).toMatchObject({ title: simulation.title, description: null, revision: 1 });
  });

  it('a PIPE_NETWORK inp with NUL or an unpaired surrogate: 422 on parameters.inp (create, edit, estimate)', async () => {
    const engineer = await h().signUp();
    const network = { title: 'District', type: 'PIPE_NETWORK', parameters: { inp: `${exampleNetworkInp}\n; a comment with \u0000` } };
    const binary = 'This field is invalid: not an EPANET input file (binary content: it contains NUL characters)';
    expectInvalidField(await h().post('simulations/', { as: engineer, body: network }), ['body', 'parameters', 'inp'], binary);
    expectInvalidField(await h().post('simulations/metamodel_estimate_v2', { as: engineer, body: { type: 'PIPE_NETWORK', parameters: network.parameters } }), ['body', 'parameters', 'inp'], binary);
    const simulation = await createSimulation(h(), engineer, { title: 'District', type: 'PIPE_NETWORK' });
    expectInvalidField(await h().put(`simulations/${simulation.id}`, { as: engineer, body: { parameters: network.parameters } }), ['body', 'parameters', 'inp'], binary);
    const surrogate = withLoneSurrogate({ ...network, parameters: { inp: `${exampleNetworkInp}; ${LONE}` } });
    expectInvalidField(await h().post('simulations/', { as: engineer, ...surrogate }), ['body', 'parameters', 'inp'], SURROGATE);
  });

  it("an import's title, the case file's own fields, and an .inp with NUL: 422 on the field", async () => {
    const engineer = await h().signUp();
    const caseFile = { format: CASE_FILE_FORMAT, version: CASE_FILE_VERSION, type: 'CIRCULAR_PIPE', title: 'Imported pipe', parameters: {} };
    const importFile = (body: Record<string, unknown>) => h().post('simulations/import', { as: engineer, body });
    expectInvalidField(await importFile({ file_name: 'pipe.json', title: 'x\u0000', content: JSON.stringify(caseFile) }), ['body', 'title'], NUL);
    expectInvalidField(await importFile({ file_name: 'pipe.json', content: JSON.stringify({ ...caseFile, title: 'a\u0000b' }) }), ['body', 'content', 'title'], NUL);
    expectInvalidField(await importFile({ file_name: 'pipe.json', content: JSON.stringify({ ...caseFile, description: '\u0000' }) }), ['body', 'content', 'description'], NUL);
    expectInvalidField(await importFile({ file_name: 'pipe.json', content: JSON.stringify(caseFile).replace('Imported pipe', '\\ud800') }), ['body', 'content', 'title'], SURROGATE);
    expectInvalidField(await importFile({ file_name: 'net.inp', content: `${exampleNetworkInp}\u0000` }), ['body', 'content'], 'This field is invalid: not an EPANET input file (binary content: it contains NUL characters)');
    expectInvalidField(await importFile({ file_name: 'a\u0000.json', content: JSON.stringify(caseFile) }), ['body', 'file_name'], NUL);
    expect((await h().get('simulations/', { as: engineer })).json().count).toBe(0);
  });

  it('a full name with NUL: 422 on full_name in POST/PUT /users and PUT /users/me', async () => {
    const admin = await h().asAdmin();
    const alice = await h().signUp({ full_name: 'Alice' });
    const email = uniqueEmail('nul');
    expectInvalidField(await h().post('users/', { as: admin, body: { email, password: 'a good password', full_name: 'a\u0000b' } }), ['body', 'full_name'], NUL);
    expect(await h().repos.users.findByEmail(email)).toBeNull();
    expectInvalidField(await h().put(`users/${alice.id}`, { as: admin, body: { full_name: 'a\u0000b' } }), ['body', 'full_name'], NUL);
    expectInvalidField(await h().put('users/me', { as: alice, body: { full_name: 'a\u0000b' } }), ['body', 'full_name'], NUL);
    expectInvalidField(await h().put('users/me', { as: alice, ...withLoneSurrogate({ full_name: LONE }) }), ['body', 'full_name'], SURROGATE);
    expectInvalidField(await h().post('users/', { as: admin, body: { email, password: 'a good\u0000password' } }), ['body', 'password'], NUL);
    expect((await h().get('users/me', { as: alice })).json().full_name).toBe('Alice');
  });

  it('a chat message, the auth-callback state, a reset token, a query string and a path parameter with NUL: 422 naming them', async () => {
    const engineer = await h().signUp();
    expectInvalidField(await h().post('chat/chat', { as: engineer, body: { message: 'What is t8/5?\u0000' } }), ['body', 'message'], NUL);
    expectInvalidField(
      await h().post('login/auth-callback', { body: { redirect_uri: `${h().config.publicUrl}/auth-callback`, code: 'code', code_verifier: 'v'.repeat(43), state: 'a\u0000b' } }),
      ['body', 'state'],
      NUL,
    );
    expectInvalidField(await h().post('reset-password/', { body: { token: 'a\u0000b', new_password: 'a new password' } }), ['body', 'token'], NUL);
    expectInvalidField(await h().get('simulations/', { as: engineer, query: { q: 'pipe\u0000' } }), ['query', 'q'], NUL);
    expectInvalidField(await h().get('simulations/all', { as: await h().asAdmin(), query: { q: '\u0000' } }), ['query', 'q'], NUL);
    expectInvalidField(await h().get(`simulations/${randomUUID()}%00`, { as: engineer }), ['path', 'id'], NUL);
    expectInvalidField(await h().post('password-recovery/a%00b%40example.com'), ['path', 'email'], NUL);
  });

  it("the sign-in form's email with NUL answers the page naming Email; the provider's own addresses refuse NUL without a 500", async () => {
    const { action, cookie } = await openSignInPage(h());
    const submit = (form: Record<string, string>) =>
      h().app.inject({ method: 'POST', url: action, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    expectSignInError(await submit({ email: 'ada\u0000@example.com', password: 'correct horse battery' }), 422, 'Email must not contain NUL characters');
    expectSignInError(await submit({ email: 'ada@example.com', password: 'correct\u0000horse' }), 422, 'Password must not contain NUL characters');
    expectSignInError(await submit({ email: 'nobody@example.com', password: 'correct horse battery' }), 401, 'Incorrect email or password');

    const authorize = await h().app.inject({ method: 'GET', url: `/oidc/auth?client_id=${h().config.auth.builtin!.clientId}&response_type=code&state=a%00b` });
    expectInvalidField(authorize, ['query', 'state'], NUL);
    // The token endpoint reads its own form body: an unstorable code is simply not found.
    const token = await h().app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${h().config.auth.builtin!.clientId}:${h().config.auth.builtin!.clientSecret}`).toString('base64')}` },
      payload: `grant_type=authorization_code&code=a%00b&redirect_uri=${encodeURIComponent(`${h().config.publicUrl}/auth-callback`)}&code_verifier=${'v'.repeat(43)}`,
    });
    expect(token.statusCode, token.body).toBe(400);
    expect(token.json()).toMatchObject({ error: 'invalid_grant' });
  });
}
