import { describe, expect, it } from 'vitest';
import { NetworkLayouts } from './network-layouts.js';

/** A reader that counts its calls and answers after a turn of the event loop. */
function countingReader() {
  const calls: string[] = [];
  const read = async (inp: string) => {
    calls.push(inp);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return `{"layout":"${inp}"}`;
  };
  return { calls, read };
}

describe('network layouts kept between visits', () => {
  it('reads a version of a simulation once, shares a reading in progress, and reads again after an edit', async () => {
    const { calls, read } = countingReader();
    const layouts = new NetworkLayouts(read);
    const v1 = { id: 's1', revision: 1 };
    const [a, b] = await Promise.all([layouts.layoutOf(v1, 'net-1'), layouts.layoutOf(v1, 'net-1')]);
    expect(a).toBe('{"layout":"net-1"}');
    expect(b).toBe(a);
    expect(await layouts.layoutOf(v1, 'net-1')).toBe(a);
    expect(calls).toEqual(['net-1']);
    // Edited: a new version is read, and the old one is not kept beside it.
    const v2 = { id: 's1', revision: 2 };
    expect(await layouts.layoutOf(v2, 'net-2')).toBe('{"layout":"net-2"}');
    expect(calls).toEqual(['net-1', 'net-2']);
    expect(layouts.size).toBe(1);
  });

  it('keeps within its budget, dropping the least recently used first, and keeps nothing larger than the budget', async () => {
    const { calls, read } = countingReader();
    // Each answer is 16 characters (32 bytes): room for two.
    const layouts = new NetworkLayouts(read, 70);
    const sim = (id: string) => ({ id, revision: 1 });
    await layouts.layoutOf(sim('a'), 'aaaa');
    await layouts.layoutOf(sim('b'), 'bbbb');
    await layouts.layoutOf(sim('a'), 'aaaa');
    await layouts.layoutOf(sim('c'), 'cccc');
    expect(layouts.size).toBe(2);
    await layouts.layoutOf(sim('a'), 'aaaa');
    expect(calls).toEqual(['aaaa', 'bbbb', 'cccc']);
    await layouts.layoutOf(sim('b'), 'bbbb');
    expect(calls).toEqual(['aaaa', 'bbbb', 'cccc', 'bbbb']);
    const tiny = new NetworkLayouts(read, 10);
    await tiny.layoutOf(sim('a'), 'aaaa');
    expect(tiny.size).toBe(0);
  });

  it('keeps no failed reading', async () => {
    let fail = true;
    const layouts = new NetworkLayouts(async () => {
      if (fail) throw new Error('line 3: bad');
      return '{}';
    });
    await expect(layouts.layoutOf({ id: 'x', revision: 1 }, 'inp')).rejects.toThrow('line 3');
    fail = false;
    await expect(layouts.layoutOf({ id: 'x', revision: 1 }, 'inp')).resolves.toBe('{}');
  });
});
