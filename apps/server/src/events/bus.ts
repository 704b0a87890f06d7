// The typed event bus. Every simulation event (the contracts' SimulationEvent union) and every
// control message (abort) goes through it; SSE streams and job runners subscribe. In one process
// it is an EventEmitter; when processes are separate (API and `npm run worker` on PostgreSQL) the
// PostgreSQL bridge (postgres-bridge.ts) forwards both kinds through LISTEN/NOTIFY.

import { EventEmitter } from 'node:events';
import type { SimulationEvent } from '@simforge/contracts';

/** Messages to whichever process executes a run. */
export type ControlMessage = { kind: 'abort'; simulation_id: string; run_id: string };

export interface EventBus {
  /** Delivers an (already stored) event to every subscriber, in this and other processes. */
  publish(event: SimulationEvent): Promise<void>;
  /** Events of one simulation; answers the unsubscribe function. */
  subscribe(simulationId: string, listener: (event: SimulationEvent) => void): () => void;
  sendControl(message: ControlMessage): Promise<void>;
  onControl(listener: (message: ControlMessage) => void): () => void;
  close(): Promise<void>;
}

/** The in-process bus (PGlite, or one process on PostgreSQL). */
export class LocalEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open SSE stream: no arbitrary limit.
    this.emitter.setMaxListeners(0);
  }

  async publish(event: SimulationEvent): Promise<void> {
    this.deliver(event);
  }

  /** Hands an event to local subscribers only (the bridge calls it for events from other processes). */
  deliver(event: SimulationEvent): void {
    this.emitter.emit(`simulation:${event.simulation_id}`, event);
  }

  subscribe(simulationId: string, listener: (event: SimulationEvent) => void): () => void {
    const name = `simulation:${simulationId}`;
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  async sendControl(message: ControlMessage): Promise<void> {
    this.deliverControl(message);
  }

  deliverControl(message: ControlMessage): void {
    this.emitter.emit('control', message);
  }

  onControl(listener: (message: ControlMessage) => void): () => void {
    this.emitter.on('control', listener);
    return () => this.emitter.off('control', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
