// Picking on the canvas map: the nearest node within its radius first, else the nearest link (by its
// segments, vertices included), nothing far from everything; on a grid of 10 000 junctions the index
// answers as a scan of every element does; through a zoomed and panned view a canvas point picks
// the element drawn under it, with radii in screen pixels.
import { describe, expect, it } from 'vitest';
import { emptyNetworkDocument, type NetworkDocument } from '@simforge/contracts';
import { packGeometry } from './mapGeometry';
import { buildPickIndex, pickAt, pickOnScreen, segmentDistance2, type MapPick } from './mapPicking';
import { gridNetwork } from './testSupport';
import { fittedState, panBy, toMap, toScreen, viewOf, zoomAbout, type Viewport } from './viewTransform';

const link = (id: string, from: string, to: string, vertices?: { x: number; y: number }[]) => ({ id, from, to, length: 1, diameter: 0.1, roughness: 100, minorLoss: 0, status: 'open' as const, ...(vertices ? { vertices } : {}) });
const junction = (id: string, x: number, y: number) => ({ id, elevation: 0, demands: [], position: { x, y } });

/** A at (0, 0), B at (100, 0), C at (100, 100), D at (50, 2); AB straight, AC round the top left corner (0, 100). */
function smallNetwork(): NetworkDocument {
  const network = emptyNetworkDocument();
  network.junctions.push(junction('A', 0, 0), junction('B', 100, 0), junction('C', 100, 100), junction('D', 50, 3));
  network.pipes.push(link('AB', 'A', 'B'), link('AC', 'A', 'C', [{ x: 0, y: 100 }]), link('BC', 'B', 'C'));
  return network;
}

const ids = (network: NetworkDocument, pick: MapPick | null) => {
  if (!pick) return null;
  const g = packGeometry(network);
  return `${pick.elements}:${pick.elements === 'node' ? g.nodeIds[pick.index] : g.linkIds[pick.index]}`;
};

describe('the picking index', () => {
  const network = smallNetwork();
  const index = buildPickIndex(packGeometry(network));
  // Screen axes: y is the map's y flipped.
  const at = (x: number, y: number, nodeRadius = 5, linkRadius = 4) => ids(network, pickAt(index, x, -y, nodeRadius, linkRadius));

  it('finds the nearest node within its radius', () => {
    expect(at(1, 1)).toBe('node:A');
    expect(at(98, 97)).toBe('node:C');
    // D (50, 3) is nearer than the pipe AB under it: nodes come first.
    expect(at(50, 1)).toBe('node:D');
  });

  it('finds a link by a point on its middle segment, vertices included', () => {
    expect(at(30, 1)).toBe('link:AB');
    // AC runs A (0, 0) -> (0, 100) -> C (100, 100): its second segment is the top edge.
    expect(at(50, 101)).toBe('link:AC');
    expect(at(1, 50)).toBe('link:AC');
    expect(at(99, 50)).toBe('link:BC');
  });

  it('picks nothing far from everything', () => {
    expect(at(50, 50)).toBeNull();
    expect(at(-500, 900)).toBeNull();
    expect(at(30, 10)).toBeNull();
  });

  it('resolves ties to the nearest, and equal distances to the first in order', () => {
    // Both A and D within a radius of 60 of (20, 1): A is nearer.
    expect(at(20, 1, 60)).toBe('node:A');
    expect(at(40, 1, 60)).toBe('node:D');
    // Between AB (y 0) and AC's top edge (y 100) with a wide link radius: the nearer line.
    expect(at(50, 60, 0, 60)).toBe('link:AC');
    expect(at(50, 40, 0, 60)).toBe('link:AB');
    // The centre is 50 from all four lines (AB, AC twice, BC): the first in the network's order.
    expect(at(50, 50, 0, 50)).toBe('link:AB');
  });

  it('measures the distance to a segment, a point-like one included', () => {
    expect(segmentDistance2(5, 3, 0, 0, 10, 0)).toBe(9);
    expect(segmentDistance2(-3, 4, 0, 0, 10, 0)).toBe(25);
    expect(segmentDistance2(3, 4, 0, 0, 0, 0)).toBe(25);
  });

  it('answers as a scan of every element on a 100 × 100 grid with a long diagonal pipe', () => {
    const grid = gridNetwork(100, 100, 10);
    grid.pipes.push(link('DIAG', 'J0_99', 'J99_0', [{ x: 500, y: 505 }]));
    const g = packGeometry(grid);
    const gridIndex = buildPickIndex(g);
    // The diagonal's segments span far more cells than a grid pipe's: they are read by every query.
    expect(gridIndex.wideSegments.length).toBe(2);
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const scan = (x: number, y: number, nodeRadius: number, linkRadius: number): MapPick | null => {
      let best: MapPick | null = null;
      for (let i = 0; i < g.nodeIds.length; i++) {
        const d = Math.hypot(g.nodeX[i]! - x, g.nodeY[i]! - y);
        if (d <= nodeRadius && (!best || d < best.distance)) best = { elements: 'node', index: i, distance: d };
      }
      if (best) return best;
      for (let k = 0; k < g.linkIds.length; k++) {
        for (let p = g.linkStart[k]!; p < g.linkStart[k + 1]! - 1; p++) {
          const d = Math.sqrt(segmentDistance2(x, y, g.linkXY[2 * p]!, g.linkXY[2 * p + 1]!, g.linkXY[2 * p + 2]!, g.linkXY[2 * p + 3]!));
          if (d <= linkRadius && (!best || d < best.distance)) best = { elements: 'link', index: k, distance: d };
        }
      }
      return best;
    };
    let links = 0;
    for (let t = 0; t < 400; t++) {
      const x = -20 + random() * 1030;
      const y = -1010 + random() * 1030;
      const expected = scan(x, y, 2, 1.5);
      const found = pickAt(gridIndex, x, y, 2, 1.5);
      expect(found?.elements, `at ${x}, ${y}`).toBe(expected?.elements);
      if (expected) expect(found?.distance, `at ${x}, ${y}`).toBeCloseTo(expected.distance, 9);
      if (found?.elements === 'link') links++;
    }
    expect(links).toBeGreaterThan(20);
    // A point on the diagonal away from the grid's lines.
    expect(ids(grid, pickAt(gridIndex, 252, -747, 1, 3))).toBe('link:DIAG');
  });
});

describe('picking on screen through the view', () => {
  // 100 × 100 junctions 10 apart: 1 100 units a side with the margin, under 5 px apart fitted into 800 × 520, 28 px at 6×.
  const network = gridNetwork(100, 100, 10);
  const g = packGeometry(network);
  const index = buildPickIndex(g);
  const vp: Viewport = { bounds: g.bounds, width: 800, height: 520 };
  const zoomed = panBy(vp, zoomAbout(vp, fittedState(g.bounds), 6, 250, 130), -37, 21);
  const view = viewOf(vp, zoomed);
  const name = (pick: MapPick | null) => (pick ? `${pick.elements}:${pick.elements === 'node' ? g.nodeIds[pick.index] : g.linkIds[pick.index]}` : null);
  const pick = (px: number, py: number, node = 4, link = 3) => name(pickOnScreen(index, view, px, py, node, link));
  // The junction nearest the canvas's centre (J<i>_<j> is at x 10 i, y −10 j in screen axes).
  const middle = toMap(view, 400, 260);
  const [mi, mj] = [Math.round(middle.x / 10), Math.round(-middle.y / 10)];
  const at = toScreen(view, 10 * mi, -10 * mj);

  it('returns the node or the link drawn under the pointer', () => {
    expect(view.scale / viewOf(vp, fittedState(g.bounds)).scale).toBeCloseTo(6, 9);
    // Every node and every pipe's middle drawn on the canvas at this zoom: picked where drawn.
    let checked = 0;
    for (let i = 0; i < g.nodeIds.length; i++) {
      const { px, py } = toScreen(view, g.nodeX[i]!, g.nodeY[i]!);
      if (px < 0 || px > 800 || py < 0 || py > 520) continue;
      expect(pick(px + 1.5, py - 1)).toBe(`node:${g.nodeIds[i]}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
    expect(checked).toBeLessThan(1000);
    expect(pick(at.px, at.py)).toBe(`node:J${mi}_${mj}`);
    // Halfway to the right neighbour (28 px away at this zoom): the pipe between them, and a little off it too.
    const step = 10 * view.scale;
    expect(step).toBeGreaterThan(25);
    expect(pick(at.px + step / 2, at.py)).toBe(`link:H${mi}_${mj}`);
    expect(pick(at.px + step / 2, at.py + 2.5)).toBe(`link:H${mi}_${mj}`);
    // In a grid square's middle: nothing.
    expect(pick(at.px + step / 2, at.py - step / 2)).toBeNull();
  });

  it('keeps the radii in screen pixels', () => {
    // 6 px from the node on screen: out of a 4 px radius, whatever the zoom.
    expect(pick(at.px + 6, at.py + 0.1, 4, 0)).toBeNull();
    // The same map point through the fitted view is a tenth of a pixel from the node: picked.
    const fitted = viewOf(vp, fittedState(g.bounds));
    const x = (at.px + 6 - view.dx) / view.scale;
    const y = (at.py + 0.1 - view.dy) / view.scale;
    const there = toScreen(fitted, x, y);
    expect(name(pickOnScreen(index, fitted, there.px, there.py, 4, 0))).toBe(`node:J${mi}_${mj}`);
  });
});
