// The results map's layout of a stored network simulation: its `.inp` read into the network document
// (in the compute pool), once per version of the simulation, then kept for the views that follow up
// to a memory budget, least recently used first out. A 100 000-junction file takes seconds to read,
// and the map asks for it on every visit; two visits at once share one reading.

/** The text of the layouts kept, in UTF-16 bytes (a 100 000-junction layout is about 40 MB). */
export const LAYOUT_BUDGET_BYTES = 96 * 1024 * 1024;

export class NetworkLayouts {
  private readonly kept = new Map<string, string>();
  private readonly reading = new Map<string, Promise<string>>();
  private bytes = 0;

  constructor(
    private readonly read: (inp: string) => Promise<string>,
    private readonly budgetBytes = LAYOUT_BUDGET_BYTES,
  ) {}

  /** The layout's JSON text for this version of the simulation (its id and revision: an edit bumps it). */
  async layoutOf(simulation: { id: string; revision: number }, inp: string): Promise<string> {
    const key = `${simulation.id}@${simulation.revision}`;
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      // Most recently used last.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const pending = this.reading.get(key);
    if (pending) return pending;
    const reading = this.read(inp).finally(() => this.reading.delete(key));
    this.reading.set(key, reading);
    const json = await reading;
    this.keep(simulation.id, key, json);
    return json;
  }

  /** How many layouts are kept (for tests and the log). */
  get size(): number {
    return this.kept.size;
  }

  private keep(id: string, key: string, json: string): void {
    const size = 2 * json.length;
    if (size > this.budgetBytes) return;
    // An earlier version of the same simulation is not asked for again.
    for (const [other, text] of this.kept) if (other.startsWith(`${id}@`)) this.drop(other, text);
    for (const [oldest, text] of this.kept) {
      if (this.bytes + size <= this.budgetBytes) break;
      this.drop(oldest, text);
    }
    this.kept.set(key, json);
    this.bytes += size;
  }

  private drop(key: string, json: string): void {
    this.kept.delete(key);
    this.bytes -= 2 * json.length;
  }
}
