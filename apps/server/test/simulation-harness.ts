// Simulations in the user's words: create one, run it and wait, watch its status, abort it, read
// its event stream. Built on the Harness (real app, real database, real job queue and solvers).

import type { Simulation, SimulationStatus } from '@simforge/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { expectStatus, type Harness, type Person } from './harness.js';

/** A CIRCULAR_PIPE that runs for seconds (the 1-D march, 100 000 segments with a heated wall). */
export const LONG_PIPE = { model: 'one_dimensional', n_segments: 100_000, wall: { condition: 'temperature', temperature: 333.15 } };

export const FINISHED: SimulationStatus[] = ['completed', 'failed', 'aborted'];

export interface NewSimulation {
  title?: string;
  description?: string;
  type?: string;
  parameters?: Record<string, unknown>;
}

export async function createSimulation(h: Harness, as: Person, input: NewSimulation = {}): Promise<Simulation> {
  const res = await h.post('simulations/', { as, body: { title: 'Water pipe', type: 'CIRCULAR_PIPE', ...input } });
  expectStatus(res, 201);
  return res.json<Simulation>();
}

export async function getSimulation(h: Harness, as: Person, id: string): Promise<Simulation> {
  const res = await h.get(`simulations/${id}`, { as });
  expectStatus(res, 200);
  return res.json<Simulation>();
}

export async function runSimulation(h: Harness, as: Person, id: string): Promise<Simulation> {
  const res = await h.get(`simulations/run/${id}`, { as });
  expectStatus(res, 202);
  return res.json<Simulation>();
}

export function abortSimulation(h: Harness, as: Person, id: string): Promise<LightMyRequestResponse> {
  return h.post(`simulations/${id}/abort`, { as });
}

/** Polls until the simulation is in one of `statuses`. */
export async function waitForStatus(h: Harness, as: Person, id: string, statuses: SimulationStatus[], timeoutMs = 20_000): Promise<Simulation> {
  const deadline = Date.now() + timeoutMs;
  let last: Simulation | undefined;
  while (Date.now() < deadline) {
    last = await getSimulation(h, as, id);
    if (statuses.includes(last.status)) return last;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Simulation ${id} did not reach ${statuses.join('/')} within ${timeoutMs} ms (last: ${last?.status})`);
}

/** Polls until the simulation is running and its solver has made some progress. */
export async function waitUntilRunning(h: Harness, as: Person, id: string, timeoutMs = 20_000): Promise<Simulation> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const simulation = await getSimulation(h, as, id);
    if (simulation.status === 'running' && simulation.progress > 0) return simulation;
    if (FINISHED.includes(simulation.status)) throw new Error(`Simulation ${id} ended ${simulation.status} before it was seen running`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Simulation ${id} was not seen running within ${timeoutMs} ms`);
}

export async function runAndWait(h: Harness, as: Person, id: string, timeoutMs = 30_000): Promise<Simulation> {
  await runSimulation(h, as, id);
  return waitForStatus(h, as, id, FINISHED, timeoutMs);
}

export function expectSimulationStatus(simulation: Simulation, status: SimulationStatus): void {
  expect(simulation.status, `${simulation.title}: ${JSON.stringify(simulation.error)}`).toBe(status);
}

export interface SseMessage {
  id?: string;
  event?: string;
  data: string;
}

/**
 * Opens an SSE stream the way the browser's fetch-based client does (bearer header, optional
 * Last-Event-ID) and collects messages until `until` says so (or the stream ends, or time runs out).
 */
export async function readEventStream(
  url: string,
  options: { token: string; lastEventId?: number | string; until: (messages: SseMessage[]) => boolean; timeoutMs?: number; onOpen?: () => void | Promise<void> },
): Promise<{ status: number; headers: Headers; messages: SseMessage[]; comments: string[] }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 20_000);
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${options.token}`, accept: 'text/event-stream', ...(options.lastEventId !== undefined ? { 'last-event-id': String(options.lastEventId) } : {}) },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) return { status: response.status, headers: response.headers, messages, comments };
    await options.onOpen?.();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) message.id = line.slice(4);
            else if (line.startsWith('event: ')) message.event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) {
            message.data = data.join('\n');
            messages.push(message);
          }
        }
        if (options.until(messages)) break;
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    } finally {
      controller.abort();
    }
    return { status: response.status, headers: response.headers, messages, comments };
  } finally {
    clearTimeout(timer);
  }
}
