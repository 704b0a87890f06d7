import { describe, expect, it } from 'vitest';
import { longestStall } from '../../test/event-loop-stall.js';
import { openPglite, pgliteByteaCodec } from './database.js';

const longestStallMs = async (work: () => Promise<unknown>) => (await longestStall(work)).stallMs;

// PGlite runs in this thread: its own bytea codec (one byte at a time in JavaScript) held the event
// loop 2.6 s to store 4 MB and 0.8 s to read them back (0.3 s and 0.07 s with Buffer's).
describe('PGlite', () => {
  it("converts bytea with Buffer's hex codec in one call, the same bytes through PGlite and a read that leaves the loop free", async () => {
    const bytes = new Uint8Array(new Float32Array(1_048_576).map((_, i) => Math.sin(i)).buffer);
    const hex = pgliteByteaCodec.serializers[17](bytes);
    expect(hex.slice(0, 2)).toBe('\\x');
    expect(hex.length).toBe(2 + 2 * bytes.byteLength);
    expect(hex.slice(2, 18)).toBe(Buffer.from(bytes.subarray(0, 8)).toString('hex'));
    const parsed = pgliteByteaCodec.parsers[17](hex);
    expect(Buffer.compare(Buffer.from(parsed), Buffer.from(bytes))).toBe(0);
    // A view into a larger buffer is encoded as the view, not the whole buffer behind it.
    const view = bytes.subarray(4, 12);
    expect(pgliteByteaCodec.serializers[17](view)).toBe(`\\x${Buffer.from(view).toString('hex')}`);

    const database = await openPglite();
    try {
      const client = database.pglite as { exec(sql: string): Promise<unknown>; query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> };
      await client.exec('CREATE TABLE field (id int PRIMARY KEY, data bytea NOT NULL)');
      await client.query('INSERT INTO field VALUES (1, $1)', [bytes]);
      let back: Uint8Array | undefined;
      const read = await longestStallMs(async () => {
        back = (await client.query<{ data: Uint8Array }>('SELECT data FROM field WHERE id = 1')).rows[0]!.data;
      });
      expect(back).toBeInstanceOf(Uint8Array);
      expect(Buffer.compare(Buffer.from(back!), Buffer.from(bytes))).toBe(0);
      expect(read).toBeLessThan(400);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('lets the event loop run between statements: 80 inserts in a row hold it about as long as one does', async () => {
    const database = await openPglite();
    try {
      const client = database.pglite as { exec(sql: string): Promise<unknown>; query(sql: string, params?: unknown[]): Promise<unknown>; transaction<T>(run: (tx: { query(sql: string, params?: unknown[]): Promise<unknown> }) => Promise<T>): Promise<T> };
      await client.exec('CREATE TABLE line (id int PRIMARY KEY, message text NOT NULL)');
      const message = 'x'.repeat(100_000);
      const single = await longestStallMs(() => client.query('INSERT INTO line VALUES (0, $1)', [message]));
      const inARow = await longestStallMs(async () => {
        for (let i = 1; i <= 80; i++) await client.query('INSERT INTO line VALUES ($1, $2)', [i, message]);
      });
      const inATransaction = await longestStallMs(() =>
        client.transaction(async (tx) => {
          for (let i = 81; i <= 160; i++) await tx.query('INSERT INTO line VALUES ($1, $2)', [i, message]);
        }),
      );
      // Before, the loop was held for the whole run of statements (80 times one).
      expect(inARow, `one insert held it ${single.toFixed(0)} ms`).toBeLessThan(200);
      expect(inATransaction, `one insert held it ${single.toFixed(0)} ms`).toBeLessThan(200);
    } finally {
      await database.close();
    }
  }, 60_000);
});
