// Publishing an event: store it (the database gives it its id), then put it on the bus. Events of
// one simulation are published one after the other, so ids increase in the order subscribers see.

import type { SimulationEvent, SimulationEventInput } from '@simforge/contracts';
import type { SimulationEventsRepository } from '../repositories/index.js';
import type { EventBus } from './bus.js';

export interface EventPublisher {
  publish(input: SimulationEventInput): Promise<SimulationEvent>;
}

export function createEventPublisher(deps: { events: SimulationEventsRepository; bus: EventBus; onError?: (error: unknown) => void }): EventPublisher {
  const chains = new Map<string, Promise<unknown>>();
  return {
    publish(input) {
      const previous = chains.get(input.simulation_id) ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(async () => {
          const event = await deps.events.insert(input);
          await deps.bus.publish(event).catch((error: unknown) => deps.onError?.(error));
          return event;
        });
      chains.set(input.simulation_id, next);
      void next.finally(() => {
        if (chains.get(input.simulation_id) === next) chains.delete(input.simulation_id);
      }).catch(() => undefined);
      return next;
    },
  };
}
