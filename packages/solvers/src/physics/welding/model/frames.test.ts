// The view frames of the welding model: the schedule, and the 3-D layout (mirroring, blocks).

import { describe, expect, it } from 'vitest';
import { FrameClock, NO_METAL, frameSchedule, fullWidth, volumeBlockFactors, volumeLayout } from './frames.js';

describe('frame schedule', () => {
  it('takes evenly spaced pass frames, the end of the pass, early-cooling frames and three 3-D frames', () => {
    // 30 s pass in 0.6 s steps (50 steps): stride 3 (1.8 s), then cooling targets at 60 s · (1/16 .. 1/2).
    const schedule = frameSchedule({ passTime: 30, coolingTime: 60, dtPass: 0.6 });
    expect(schedule.stride).toBe(3);
    expect(schedule.coolingTargets).toEqual([33.75, 37.5, 45, 60]);
    const clock = new FrameClock(schedule, 30);
    const top: number[] = [];
    const volume: number[] = [];
    let t = 0;
    let dt = 0.6;
    while (t < 90 - 1e-9) {
      const inPass = t < 30 - 1e-9;
      t = inPass ? Math.min(30, t + 0.6) : Math.min(90, t + (dt = Math.min(3, dt * 1.1)));
      const take = clock.afterStep(t, inPass);
      if (take.top) top.push(t);
      if (take.volume) volume.push(t);
    }
    expect(top.length).toBe(17 + 4);
    expect(top[0]).toBeCloseTo(1.8, 12);
    expect(top[16]).toBe(30);
    expect(top.slice(17).every((v, k) => v >= schedule.coolingTargets[k]!)).toBe(true);
    expect(volume).toEqual([expect.closeTo(15, 9), 30, 90]);
  });

  it('without cooling, ends both views at the end of the pass (no repeated frame)', () => {
    const schedule = frameSchedule({ passTime: 4, coolingTime: 0, dtPass: 1 });
    const clock = new FrameClock(schedule, 4);
    const taken = [1, 2, 3, 4].map((t) => clock.afterStep(t, true));
    expect(taken.map((x) => x.top)).toEqual([true, true, true, true]);
    expect(taken.map((x) => x.volume)).toEqual([false, true, false, true]);
  });
});

describe('3-D frame layout', () => {
  it('mirrors a half section about y = 0', () => {
    expect(fullWidth([0.5, 1.5], true)).toEqual({ source: [1, 0, 0, 1], y: [-1.5, -0.5, 0.5, 1.5] });
    // 2 × 2 × 1 cells, values indexed x fastest: (x0,y0) 300, (x1,y0) 400, (x0,y1) no metal, (x1,y1) 600.
    const layout = volumeLayout({ xFaces: [0, 1, 2], yFaces: [0, 1, 2], zFaces: [0, 1], mirrored: true });
    expect(layout.factors).toEqual([1, 1, 1]);
    expect(layout.y).toEqual([-1.5, -0.5, 0.5, 1.5]);
    // [x, y, z] row-major, z fastest.
    expect(layout.frame([300, 400, NO_METAL, 600])).toEqual([NO_METAL, 300, 300, NO_METAL, 600, 400, 400, 600]);
  });

  it('averages blocks over their metal volume when a frame would exceed the cell limit', () => {
    // 4 × 2 × 2 cells (16) with at most 8: pairs along x, the axis with the most cells.
    expect(volumeBlockFactors({ nx: 4, ny: 2, nz: 2, mirrored: false }, 8)).toEqual([2, 1, 1]);
    expect(volumeBlockFactors({ nx: 4, ny: 2, nz: 2, mirrored: false }, 4)).toEqual([4, 1, 1]);
    // The fine default butt weld (100 × 42 × 20, mirrored: 168 000): merging pairs along x suffices.
    expect(volumeBlockFactors({ nx: 100, ny: 42, nz: 20, mirrored: true }, 150_000)).toEqual([2, 1, 1]);
    expect(volumeBlockFactors({ nx: 3, ny: 1, nz: 1, mirrored: false }, 0)).toEqual([3, 1, 1]);
    const layout = volumeLayout({ xFaces: [0, 1, 3, 4, 5], yFaces: [0, 1, 2], zFaces: [0, 1, 2], mirrored: false }, 8);
    expect(layout.factors).toEqual([2, 1, 1]);
    expect(layout.x).toEqual([1.5, 4]);
    expect(layout.y).toEqual([0.5, 1.5]);
    expect(layout.z).toEqual([0.5, 1.5]);
    const values = new Array<number>(16).fill(NO_METAL);
    values[0] = 1000; // x cell 0 (width 1), y 0, z 0
    values[1] = 400; // x cell 1 (width 2)
    values[0 + 4 * (1 + 2 * 1)] = 700; // x cell 0, y 1, z 1
    // [x, y, z] row-major, z fastest.
    const blockValues = layout.frame(values);
    expect(blockValues[0]).toBeCloseTo((1000 * 1 + 400 * 2) / 3, 12);
    expect(blockValues.slice(1)).toEqual([NO_METAL, NO_METAL, 700, NO_METAL, NO_METAL, NO_METAL, NO_METAL]);
  });
});
