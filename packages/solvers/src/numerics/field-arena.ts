// Where a solver's fields and work arrays are allocated. A solver that may split its loops over a helper
// thread (the jets' RANS solver, physics/jet/threads/) takes its arrays from a shared arena: each array
// on its own SharedArrayBuffer, the buffers listed in allocation order. The helper builds the same
// solver from the same case with a replaying arena, which hands out those buffers in the same order,
// so both threads hold the same memory under the same names. A solver on one thread takes plain arrays.

export interface FieldArena {
  f64(length: number): Float64Array;
  i32(length: number): Int32Array;
  u8(length: number): Uint8Array;
}

/** Plain arrays, private to the thread (the one-thread solver). */
export const PRIVATE_ARENA: FieldArena = {
  f64: (length) => new Float64Array(length),
  i32: (length) => new Int32Array(length),
  u8: (length) => new Uint8Array(length),
};

/** Typed arrays over the buffers `next` hands out, one buffer each. */
abstract class BufferArena implements FieldArena {
  f64(length: number): Float64Array {
    return new Float64Array(this.next(8 * length));
  }

  i32(length: number): Int32Array {
    return new Int32Array(this.next(4 * length));
  }

  u8(length: number): Uint8Array {
    return new Uint8Array(this.next(length));
  }

  protected abstract next(bytes: number): SharedArrayBuffer;
}

/** Arrays on shared memory, the buffers recorded in allocation order for a replaying arena. */
export class SharedFieldArena extends BufferArena {
  readonly buffers: SharedArrayBuffer[] = [];

  /** A shared arena, or undefined where SharedArrayBuffer is missing. */
  static create(): SharedFieldArena | undefined {
    return typeof SharedArrayBuffer === 'undefined' ? undefined : new SharedFieldArena();
  }

  private constructor() {
    super();
  }

  protected next(bytes: number): SharedArrayBuffer {
    const buffer = new SharedArrayBuffer(bytes);
    this.buffers.push(buffer);
    return buffer;
  }
}

/**
 * Hands out the buffers of a SharedFieldArena in their order: the same construction code asks for the
 * same sizes in the same order, and a different size or count is an error (the two solvers differ).
 */
export class ReplayFieldArena extends BufferArena {
  private taken = 0;

  constructor(private readonly buffers: readonly SharedArrayBuffer[]) {
    super();
  }

  /** Throws unless every buffer has been handed out. */
  finish(): void {
    if (this.taken !== this.buffers.length) throw new Error(`the replayed solver took ${this.taken} of ${this.buffers.length} shared arrays`);
  }

  protected next(bytes: number): SharedArrayBuffer {
    const buffer = this.buffers[this.taken];
    if (!buffer || buffer.byteLength !== bytes) throw new Error(`the replayed solver's array ${this.taken} has ${bytes} bytes, the shared one ${buffer?.byteLength ?? 'none'}`);
    this.taken++;
    return buffer;
  }
}
