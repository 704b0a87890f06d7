import { describe, expect, it } from 'vitest';
import { ReplayFieldArena, SharedFieldArena } from './field-arena.js';

describe('field arenas', () => {
  it('a replaying arena hands out the shared arrays in their order: the same memory under the same names', () => {
    const shared = SharedFieldArena.create()!;
    const [a, b, c] = [shared.f64(5), shared.u8(3), shared.i32(2)];
    const replay = new ReplayFieldArena(shared.buffers);
    const [a2, b2, c2] = [replay.f64(5), replay.u8(3), replay.i32(2)];
    replay.finish();
    a[4] = 2.5;
    b[2] = 7;
    c2[1] = -3;
    expect([a2[4], b2[2], c[1]]).toEqual([2.5, 7, -3]);
  });

  it('a replay that asks for another size, or fewer arrays, is an error (the two solvers differ)', () => {
    const shared = SharedFieldArena.create()!;
    shared.f64(4);
    shared.f64(6);
    expect(() => new ReplayFieldArena(shared.buffers).f64(5)).toThrow(/array 0 has 40 bytes, the shared one 32/);
    const replay = new ReplayFieldArena(shared.buffers);
    replay.f64(4);
    expect(() => replay.finish()).toThrow(/took 1 of 2/);
  });
});
