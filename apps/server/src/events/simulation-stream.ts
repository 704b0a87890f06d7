// GET /simulations/{id}/events as a view of the bus. Order on the wire:
// 1. a `status` event with the current state (its id is the resume point: Last-Event-ID when
//    given, else the latest stored event id);
// 2. when resuming, the stored events after Last-Event-ID, oldest first;
// 3. live events from the bus (those that arrived during 1-2 are buffered, duplicates dropped).

import type { SimulationEvent, SimulationStatus } from '@simforge/contracts';
import type { SseStream } from '../http/sse.js';
import type { Repositories } from '../repositories/index.js';
import type { EventBus } from './bus.js';

export async function streamSimulationEvents(options: {
  stream: SseStream;
  simulationId: string;
  lastEventId: number | null;
  repos: Repositories;
  bus: EventBus;
  now: () => Date;
}): Promise<void> {
  const { stream, simulationId, repos, bus } = options;
  const send = (event: SimulationEvent) => stream.send({ id: event.id, event: event.type, data: event });
  const buffered: SimulationEvent[] = [];
  const sent = new Set<number>();
  let live = false;
  const unsubscribe = bus.subscribe(simulationId, (event) => {
    if (!live) buffered.push(event);
    else if (!sent.has(event.id)) send(event);
  });
  stream.onClose(unsubscribe);

  const latest = await repos.events.latestId(simulationId);
  const simulation = await repos.simulations.findById(simulationId);
  if (!simulation || stream.closed) {
    stream.close();
    return;
  }
  send({
    id: options.lastEventId ?? latest,
    type: 'status',
    simulation_id: simulationId,
    run_id: simulation.current_run_id,
    at: options.now().toISOString(),
    status: simulation.status as SimulationStatus,
    progress: simulation.progress,
    error: simulation.error ?? null,
  });
  if (options.lastEventId !== null) {
    for (const event of await repos.events.listAfter(simulationId, options.lastEventId)) {
      sent.add(event.id);
      send(event);
    }
  }
  const watermark = options.lastEventId === null ? latest : -1;
  for (const event of buffered.sort((a, b) => a.id - b.id)) {
    if (event.id > watermark && !sent.has(event.id)) {
      sent.add(event.id);
      send(event);
    }
  }
  live = true;
}
