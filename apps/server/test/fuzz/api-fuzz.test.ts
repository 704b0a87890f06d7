// Fuzz of every POST and PUT route of the OpenAPI document (/docs/json): bodies generated from each
// route's schema (often with realistic values: real types, their default parameters, the example
// network), then broken (generate.ts), path parameters that are real ids or no uuid at all, sent as
// a normal user and as a superuser. No answer may be a 5xx. Seeded (FUZZ_SEED, printed on failure)
// and bounded: FUZZ_ROUNDS rounds over all routes, cut short after FUZZ_BUDGET_MS. No simulation
// runs: the job system is off, and run routes are GETs anyway.

import { availableTypes, CASE_FILE_FORMAT, CASE_FILE_VERSION, defaultParametersOf, exampleNetworkInp } from '@simforge/contracts';
import { parseInp } from '@simforge/solvers';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { implementations } from '../databases.js';
import { Harness, visitorIp, type Person } from '../harness.js';
import { createSimulation } from '../simulation-harness.js';
import { generate, mutate, Random, type JsonSchema, type Mutation } from './generate.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_412);
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 20);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 25_000);

interface Operation {
  method: 'POST' | 'PUT';
  path: string;
  body?: JsonSchema;
}

interface Actor {
  name: string;
  person: Person;
  /** A draft of theirs, for {id} and {simulation_id}. */
  simulationId: string;
}

interface Failure {
  round: number;
  actor: string;
  request: string;
  mutation: string;
  body: string;
  status: number;
  answer: string;
}

function operationsOf(doc: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    (['post', 'put'] as const)
      .filter((method) => operations[method])
      .map((method) => ({ method: method.toUpperCase() as 'POST' | 'PUT', path, body: operations[method]!.requestBody?.content?.['application/json']?.schema })),
  );
}

const GARBAGE_SEGMENTS = ['not-a-uuid', '%00', 'a'.repeat(300), '..%2F..', '00000000-0000-0000-0000-000000000000', '%F0%9F%98%80', '%ED%A0%80', '%E2%80%AE', '-1', '1e999'];

/** Realistic values the schema alone cannot give (`parameters` is any object to the document). */
function realistic(body: unknown, random: Random, actor: Actor): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !random.chance(0.6)) return body;
  const out = { ...(body as Record<string, unknown>) };
  if (typeof out.type === 'string') out.type = random.pick(availableTypes());
  if ('parameters' in out && typeof out.type === 'string') out.parameters = defaultParametersOf(out.type) ?? out.parameters;
  if ('inp' in out) out.inp = exampleNetworkInp;
  if ('network' in out) out.network = parseInp(exampleNetworkInp).network;
  if ('content' in out) {
    const inp = random.chance(0.5);
    out.file_name = inp ? 'network.inp' : 'case.json';
    out.content = inp ? exampleNetworkInp : JSON.stringify({ format: CASE_FILE_FORMAT, version: CASE_FILE_VERSION, type: 'CIRCULAR_PIPE', title: 'Fuzzed', parameters: defaultParametersOf('CIRCULAR_PIPE') });
  }
  const context = out.simulation_context as Record<string, unknown> | null | undefined;
  if (context && typeof context === 'object') out.simulation_context = { ...context, simulation_id: actor.simulationId };
  return out;
}

function pathFor(operation: Operation, random: Random, actor: Actor, others: { simulationId: string; userId: string }): string {
  return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (random.chance(0.4)) return random.pick(GARBAGE_SEGMENTS);
    if (name === 'user_id') return random.pick([others.userId, random.uuid()]);
    if (name === 'email') return encodeURIComponent(random.pick(['someone@example.com', actor.person.email, 'not an email', 'a\u0000b@example.com']));
    return random.pick([actor.simulationId, others.simulationId, random.uuid()]);
  });
}

function describeRequest(method: string, url: string, mutation: Mutation | null): { request: string; body: string } {
  const body = mutation?.raw ? `${mutation.raw.contentType}: ${mutation.raw.text}` : JSON.stringify(mutation?.body) ?? '';
  return { request: `${method} ${url}`, body: body.length > 300 ? `${body.slice(0, 300)}… (${body.length} characters)` : body };
}

for (const impl of implementations) {
  describe.skipIf(Boolean(impl.skip))(`API fuzz on ${impl.name}`, () => {
    let h: Harness;
    let operations: Operation[];
    let actors: Actor[];
    let others: { simulationId: string; userId: string };

    beforeAll(async () => {
      const owned = await impl.open();
      h = await Harness.on(owned.database, { owned, app: { jobs: false } });
      const doc = (await h.get('/docs/json')).json();
      operations = operationsOf(doc);
      const person = await h.signUp();
      const admin = await h.asAdmin();
      const stranger = await h.signUp();
      actors = [
        { name: 'user', person, simulationId: (await createSimulation(h, person)).id },
        { name: 'superuser', person: admin, simulationId: (await createSimulation(h, admin)).id },
      ];
      others = { simulationId: (await createSimulation(h, stranger)).id, userId: stranger.id };
    });

    afterAll(async () => {
      await h?.close();
    });

    it('covers every POST and PUT route of the document', () => {
      const routes = operations.map((o) => `${o.method} ${o.path}`);
      for (const route of ['POST /api/v1/simulations/', 'PUT /api/v1/simulations/{id}', 'POST /api/v1/simulations/import', 'PUT /api/v1/users/me', 'POST /api/v1/login/auth-callback', 'POST /api/v1/chat/chat']) {
        expect(routes).toContain(route);
      }
    });

    it(`answers no 5xx (seed ${SEED}, ${ROUNDS} rounds)`, async () => {
      const random = new Random(SEED);
      const failures: Failure[] = [];
      const started = Date.now();
      let sent = 0;
      let round = 0;
      for (; round < ROUNDS && Date.now() - started < BUDGET_MS; round++) {
        for (const operation of operations) {
          for (const actor of actors) {
            const url = pathFor(operation, random, actor, others);
            const valid = operation.body ? realistic(generate(operation.body, random), random, actor) : undefined;
            const mutation = operation.body === undefined && random.chance(0.7) ? null : random.chance(0.2) ? { name: 'as generated', body: valid } : mutate(valid, operation.body ?? {}, random);
            const headers: Record<string, string> = { authorization: `Bearer ${actor.person.token}` };
            let payload: string | undefined;
            if (mutation?.raw) {
              headers['content-type'] = mutation.raw.contentType;
              payload = mutation.raw.text;
            } else if (mutation && mutation.body !== undefined) {
              headers['content-type'] = 'application/json';
              payload = JSON.stringify(mutation.body);
            }
            const res: LightMyRequestResponse = await h.app.inject({ method: operation.method, url, headers, remoteAddress: visitorIp(), ...(payload !== undefined ? { payload } : {}) });
            sent++;
            if (res.statusCode >= 500) {
              failures.push({ round, actor: actor.name, ...describeRequest(operation.method, url, mutation), mutation: mutation?.name ?? 'no body', status: res.statusCode, answer: res.body.slice(0, 200) });
            }
          }
        }
      }
      await h.background.settled();
      const report = failures.map((f) => `round ${f.round} as ${f.actor}: ${f.request} [${f.mutation}] ${f.body} -> ${f.status} ${f.answer}`).join('\n');
      expect(failures.length, `FUZZ_SEED=${SEED}: ${failures.length} of ${sent} requests answered 5xx\n${report}`).toBe(0);
      // Bounded, yet not so cut that it covered little (a loaded machine still gets a round in).
      expect(round).toBeGreaterThanOrEqual(1);
      expect(sent).toBeGreaterThanOrEqual(operations.length * actors.length);
    }, BUDGET_MS + 90_000);
  });
}
