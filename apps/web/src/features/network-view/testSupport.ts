// Test networks for the map (a grid of junctions fed by a reservoir, as large as a test needs) and a
// recording 2-D context: jsdom has no canvas drawing, so the map's drawing is checked by the calls.
import { emptyNetworkDocument, type NetworkDocument } from '@simforge/contracts';
import type { MapContext } from './drawNetwork';

const pipe = (id: string, from: string, to: string, vertices?: { x: number; y: number }[]) => ({ id, from, to, length: 100, diameter: 0.2, roughness: 120, minorLoss: 0, status: 'open' as const, ...(vertices ? { vertices } : {}) });

/**
 * `nx` × `ny` junctions `J<i>_<j>` at (i, j) · spacing, joined by pipes `H<i>_<j>` (to the right) and
 * `V<i>_<j>` (upwards), and a reservoir R1 left of J0_0 feeding it through pipe P0 with one vertex.
 */
export function gridNetwork(nx: number, ny: number, spacing = 100): NetworkDocument {
  const network = emptyNetworkDocument();
  const id = (i: number, j: number) => `J${i}_${j}`;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      network.junctions.push({ id: id(i, j), elevation: 10, demands: [], position: { x: i * spacing, y: j * spacing } });
      if (i > 0) network.pipes.push(pipe(`H${i - 1}_${j}`, id(i - 1, j), id(i, j)));
      if (j > 0) network.pipes.push(pipe(`V${i}_${j - 1}`, id(i, j - 1), id(i, j)));
    }
  }
  network.reservoirs.push({ id: 'R1', head: 50, position: { x: -spacing, y: -spacing } });
  network.pipes.push(pipe('P0', 'R1', id(0, 0), [{ x: -spacing, y: 0 }]));
  return network;
}

export interface DrawCall {
  op: string;
  args: number[];
  strokeStyle: string;
  fillStyle: string;
  lineWidth: number;
  dash: number[];
}

/** A MapContext that records every call with the state it was made in. */
export function recordingContext(): MapContext & { calls: DrawCall[]; named(op: string): DrawCall[] } {
  const calls: DrawCall[] = [];
  let dash: number[] = [];
  const ctx = {
    strokeStyle: '#000',
    fillStyle: '#000',
    lineWidth: 1,
    calls,
    named: (op: string) => calls.filter((c) => c.op === op),
    setLineDash(segments: number[]) {
      dash = [...segments];
      record('setLineDash', segments);
    },
  } as MapContext & { calls: DrawCall[]; named(op: string): DrawCall[] };
  const record = (op: string, args: number[]) => calls.push({ op, args, strokeStyle: String(ctx.strokeStyle), fillStyle: String(ctx.fillStyle), lineWidth: ctx.lineWidth, dash });
  for (const op of ['setTransform', 'clearRect', 'fillRect', 'beginPath', 'moveTo', 'lineTo', 'arc', 'rect', 'stroke', 'fill'] as const) {
    (ctx as unknown as Record<string, (...args: number[]) => void>)[op] = (...args: number[]) => record(op, args);
  }
  return ctx;
}
