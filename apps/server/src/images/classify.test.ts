// Each welding joint drawn from the solver's own cross-section (rotated, blurred, noisy, with a
// scale bar) is classified as itself with a confidence of at least CONFIDENCE_THRESHOLD; a shape
// that is no joint is `unknown`. Plus the distance's invariances on exact turning sequences.

import { defaultParametersOf } from '@simforge/contracts';
import { welding } from '@simforge/solvers';
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_THRESHOLD, turningDistance } from './classify.js';
import { analyseDrawing as analyse } from '../../test/drawings.js';

describe('turning distance', () => {
  const deg = (...a: number[]) => a.map((x) => (x * Math.PI) / 180);
  it('is zero for the same corners from another start or mirrored, and grows with a missing corner', () => {
    const t = deg(90, -90, 90, 90, -90, 90, 90, 90);
    expect(turningDistance([...t.slice(3), ...t.slice(0, 3)], t)).toBeCloseTo(0, 12);
    expect(turningDistance([...t].reverse(), t)).toBeCloseTo(0, 12);
    // Four convex corners to pair, two convex and two reflex ones (4 × π/2) left over.
    expect(turningDistance(deg(90, 90, 90, 90), t)).toBeCloseTo(2 * Math.PI, 6);
  });
});

/** The joint as drawn: groove joints prepared (their grooves show), the others welded (beads show). */
function jointDrawing(type: (typeof welding.WELDING_JOINT_TYPES)[number]): [number, number][][] {
  const section = welding.jointCrossSection(type, (defaultParametersOf(type) as { geometry: unknown }).geometry);
  const groove = ['SQUARE_BUTT_WELD', 'BUTT_WELD', 'DOUBLE_V_BUTT_WELD', 'TEE_JOINT_WELD'].includes(type);
  return (groove ? section.plates : [...section.plates, ...section.fillers]).map((p) => p.map(([y, z]) => [y * 1000, z * 1000] as [number, number]));
}

describe('joint classification', () => {
  it.each(welding.WELDING_JOINT_TYPES.map((t) => [t]))('%s drawn rotated, blurred and noisy is recognised', async (type) => {
    const groove = ['SQUARE_BUTT_WELD', 'BUTT_WELD', 'DOUBLE_V_BUTT_WELD', 'TEE_JOINT_WELD'].includes(type);
    const { analysis } = await analyse({ polygons: jointDrawing(type), pxPerMm: groove ? 8 : 4, rotationDeg: 12, blurSigma: 1, noiseSigma: 12, scaleBarMm: 20 });
    expect(analysis.joint.type).toBe(type);
    expect(analysis.joint.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD);
    expect(analysis.joint.runner_up!.type).not.toBe(type);
    expect(analysis.joint.runner_up!.confidence).toBeLessThan(analysis.joint.confidence);
  });

  it('a shape that is no joint (a disc) is unknown', async () => {
    const disc = Array.from({ length: 72 }, (_, i): [number, number] => [30 * Math.cos((i * Math.PI) / 36), 30 * Math.sin((i * Math.PI) / 36)]);
    const { analysis } = await analyse({ polygons: [disc], pxPerMm: 4, blurSigma: 1 });
    expect(analysis.joint.type).toBe('unknown');
    expect(analysis.joint.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
  });
});
