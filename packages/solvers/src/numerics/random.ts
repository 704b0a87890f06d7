// A small seeded generator, so that runs are reproducible: mulberry32 (a 32-bit multiply-xorshift
// generator, public domain, by Tommy Ettinger) for uniforms and the Box–Muller transform for standard
// normal numbers. The particles' random walk gives each particle its own stream from (seed, particle
// index); tests and generated networks draw one stream from a seed (seededRandom).

export class SeededRandom {
  private state: number;
  private spare: number | undefined;

  constructor(seed: number, stream = 0) {
    this.state = (Math.imul(seed | 0, 0x9e3779b9) ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
  }

  /** The generator whose 32-bit state is `state` as it stands (no mixing with a stream). */
  static fromState(state: number): SeededRandom {
    const random = new SeededRandom(0);
    random.state = state >>> 0;
    return random;
  }

  /** Uniform in [0, 1). */
  uniform(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Standard normal. */
  normal(): number {
    if (this.spare !== undefined) {
      const value = this.spare;
      this.spare = undefined;
      return value;
    }
    const u = 1 - this.uniform();
    const v = this.uniform();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spare = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }
}

/** Uniforms in [0, 1) from one seed: mulberry32 started at the seed itself. */
export function seededRandom(seed: number): () => number {
  const random = SeededRandom.fromState(seed);
  return () => random.uniform();
}
