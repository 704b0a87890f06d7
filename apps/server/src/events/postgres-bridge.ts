// The bus across processes: events and control messages are delivered locally at once and sent to
// the other processes with NOTIFY on one channel each; a dedicated connection LISTENs and hands
// what other processes sent to the local subscribers. A notification carries the whole event when
// it fits PostgreSQL's 8000-byte payload limit, otherwise only its id (the receiver reads the
// stored event). The listening connection reconnects after a drop.

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SimulationEvent } from '@simforge/contracts';
import { LocalEventBus, type ControlMessage, type EventBus } from './bus.js';

export const EVENTS_CHANNEL = 'simforge_events';
export const CONTROL_CHANNEL = 'simforge_control';
const MAX_PAYLOAD = 7000;

interface Envelope {
  origin: string;
  event?: SimulationEvent;
  ref?: number;
  control?: ControlMessage;
}

export interface PostgresBridgeOptions {
  url: string;
  /** Reads a stored event whose notification only carried its id. */
  loadEvent: (id: number) => Promise<SimulationEvent | null>;
  onError?: (error: Error) => void;
  reconnectDelayMs?: number;
}

export class PostgresEventBus implements EventBus {
  private readonly local = new LocalEventBus();
  private readonly origin = randomUUID();
  private readonly notifier: pg.Pool;
  private listener: pg.Client | null = null;
  private closed = false;

  private constructor(private readonly options: PostgresBridgeOptions) {
    this.notifier = new pg.Pool({ connectionString: options.url, max: 2 });
    this.notifier.on('error', (error) => options.onError?.(error));
  }

  static async connect(options: PostgresBridgeOptions): Promise<PostgresEventBus> {
    const bus = new PostgresEventBus(options);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url });
    client.on('error', (error) => {
      this.options.onError?.(error);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    client.on('notification', (message) => void this.receive(message.channel, message.payload));
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    await client.query(`LISTEN ${CONTROL_CHANNEL}`);
    this.listener = client;
  }

  private reconnect(client: pg.Client): void {
    if (this.closed || this.listener !== client) return;
    this.listener = null;
    client.removeAllListeners();
    client.end().catch(() => undefined);
    setTimeout(() => {
      if (!this.closed) this.listen().catch((error: Error) => {
        this.options.onError?.(error);
        this.reconnect(client);
      });
    }, this.options.reconnectDelayMs ?? 1000).unref();
  }

  private async receive(channel: string, payload: string | undefined): Promise<void> {
    if (!payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.origin === this.origin) return;
    if (channel === CONTROL_CHANNEL && envelope.control) {
      this.local.deliverControl(envelope.control);
      return;
    }
    if (channel !== EVENTS_CHANNEL) return;
    try {
      const event = envelope.event ?? (envelope.ref !== undefined ? await this.options.loadEvent(envelope.ref) : null);
      if (event) this.local.deliver(event);
    } catch (error) {
      this.options.onError?.(error as Error);
    }
  }

  private async notify(channel: string, envelope: Envelope): Promise<void> {
    await this.notifier.query('select pg_notify($1, $2)', [channel, JSON.stringify(envelope)]);
  }

  async publish(event: SimulationEvent): Promise<void> {
    this.local.deliver(event);
    const whole = JSON.stringify({ origin: this.origin, event });
    await this.notify(EVENTS_CHANNEL, whole.length <= MAX_PAYLOAD ? { origin: this.origin, event } : { origin: this.origin, ref: event.id });
  }

  subscribe(simulationId: string, listener: (event: SimulationEvent) => void): () => void {
    return this.local.subscribe(simulationId, listener);
  }

  async sendControl(message: ControlMessage): Promise<void> {
    this.local.deliverControl(message);
    await this.notify(CONTROL_CHANNEL, { origin: this.origin, control: message });
  }

  onControl(listener: (message: ControlMessage) => void): () => void {
    return this.local.onControl(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.listener;
    this.listener = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
    await this.notifier.end().catch(() => undefined);
    await this.local.close();
  }
}
