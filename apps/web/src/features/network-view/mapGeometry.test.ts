// The map's geometry: the example network's view box as the SVG has always drawn it, links through
// their vertices with y flipped, unplaced nodes left out, and bounds of 150 000 nodes found by loops
// (spreading them into Math.min would throw RangeError).
import { describe, expect, it } from 'vitest';
import { exampleNetworkDocument } from '@simforge/contracts';
import { mapBounds, mapGeometry, packGeometry } from './mapGeometry';
import { gridNetwork } from './testSupport';

describe('mapGeometry', () => {
  it('draws the example network in the view box the SVG always had', () => {
    const g = mapGeometry(exampleNetworkDocument());
    // Nodes at x 0..1000, y -650..-100 (flipped); size 1000 (their extent), margin 50.
    expect(g.viewBox).toBe('-50 -700 1100 650');
    expect(g.size).toBe(1000);
    expect(g.nodes.map((n) => `${n.id}:${n.kind}`)).toEqual(['J1:junction', 'J2:junction', 'J3:junction', 'J4:junction', 'J5:junction', 'J6:junction', 'R1:reservoir', 'T1:tank']);
    expect(g.nodes[0]).toEqual({ id: 'J1', kind: 'junction', x: 300, y: -500 });
    expect(g.links.find((l) => l.id === 'P1')).toEqual({ id: 'P1', kind: 'pipe', points: '0,-500 300,-500' });
    expect(g.unplaced).toBe(0);
  });

  it('runs links through their vertices, and leaves out unplaced nodes and their links', () => {
    const network = exampleNetworkDocument();
    network.pipes[1]!.vertices = [{ x: 350, y: 600 }, { x: 500, y: 640 }];
    delete network.junctions[5]!.position; // J6: P7 and P8 end there
    network.pumps.push({ id: 'PU1', from: 'R1', to: 'J4', speed: 1, status: 'open' });
    const g = mapGeometry(network);
    expect(g.links.find((l) => l.id === 'P2')!.points).toBe('300,-500 350,-600 500,-640 600,-650');
    expect(g.links.map((l) => l.id)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P9', 'PU1']);
    expect(g.links.at(-1)!.kind).toBe('pump');
    expect(g.unplaced).toBe(1);
    expect(g.nodes.map((n) => n.id)).not.toContain('J6');
  });

  it('gives an empty network a unit view box', () => {
    expect(mapGeometry({ ...exampleNetworkDocument(), junctions: [], reservoirs: [], tanks: [] }).viewBox).toBe('0 0 1 1');
  });

  it('finds the bounds of 150 000 nodes without spreading them', () => {
    const n = 150_000;
    const xs = new Float64Array(n);
    const ys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      xs[i] = 1000 + (i % 400) * 10;
      ys[i] = -Math.floor(i / 400) * 10;
    }
    const b = mapBounds(xs, ys);
    // x 1000..4990, y -3740..0; size from the nodes alone (not the origin): max(3990, 3740); margin 199.5.
    expect(b.size).toBe(3990);
    expect(b.x).toBeCloseTo(1000 - 199.5, 9);
    expect(b.y).toBeCloseTo(-3740 - 199.5, 9);
    expect(b.width).toBeCloseTo(3990 + 399, 9);
    expect(b.height).toBeCloseTo(3740 + 399, 9);
  });

  it('packs a 390 × 390 grid (152 100 junctions, 303 420 pipes) into typed arrays', () => {
    const g = packGeometry(gridNetwork(390, 390, 10));
    expect(g.nodeIds.length).toBe(390 * 390 + 1);
    expect(g.linkIds.length).toBe(2 * 389 * 390 + 1);
    expect(g.nodeX).toBeInstanceOf(Float64Array);
    expect(g.nodeKind[g.nodeIds.length - 1]).toBe(1); // R1, a reservoir
    // Every pipe two points, P0 three (one vertex).
    expect(g.linkStart.at(-1)).toBe(2 * g.linkIds.length + 1);
    expect(g.linkXY.length).toBe(2 * g.linkStart.at(-1)!);
    const last = g.linkIds.length - 1;
    expect(g.linkIds[last]).toBe('P0');
    expect(Array.from(g.linkXY.subarray(2 * g.linkStart[last]!))).toEqual([-10, 10, -10, -0, 0, -0]);
    expect(g.bounds.x).toBeCloseTo(-10 - 0.05 * 3900, 9);
  });
});
