// @database-sensitive: batched writes in one transaction
import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from './write-batcher';

/** A batcher whose batches wait until released, recording what each batch held. */
function recordingBatcher(options: { maxInFlight: number; maxBatch: number }) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const batcher = createWriteBatcher<number, string>({
    ...options,
    async write(batch) {
      batches.push([...batch]);
      await new Promise<void>((resolve) => releases.push(resolve));
      return batch.map((input) => (input < 0 ? new Error(`negativ: ${input}`) : `ok ${input}`));
    },
  });
  return { batcher, batches, releaseNext: () => releases.shift()?.() };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createWriteBatcher', () => {
  it('writes the writes of one turn together and answers each its own result', async () => {
    const { batcher, batches, releaseNext } = recordingBatcher({ maxInFlight: 2, maxBatch: 10 });
    const results = Promise.all([1, 2, 3].map((input) => batcher.write(input)));
    await turn();
    releaseNext();

    expect(await results).toEqual(['ok 1', 'ok 2', 'ok 3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers the writes that come while all batches run, and writes them when one ends', async () => {
    const { batcher, batches, releaseNext } = recordingBatcher({ maxInFlight: 1, maxBatch: 10 });
    const first = batcher.write(1);
    await turn();
    const later = [2, 3].map((input) => batcher.write(input));
    await turn();
    batcher.write(4).catch(() => undefined);
    await turn();
    expect(batches).toEqual([[1]]);

    releaseNext();
    expect(await first).toBe('ok 1');
    await turn();
    await turn();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releaseNext();
    expect(await Promise.all(later)).toEqual(['ok 2', 'ok 3']);
  });

  it('runs no more batches at once than allowed, and none larger than allowed', async () => {
    const { batcher, batches, releaseNext } = recordingBatcher({ maxInFlight: 2, maxBatch: 2 });
    const results = Promise.all([1, 2, 3, 4, 5].map((input) => batcher.write(input)));
    await turn();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);

    releaseNext();
    await turn();
    await turn();
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    releaseNext();
    releaseNext();
    expect(await results).toEqual(['ok 1', 'ok 2', 'ok 3', 'ok 4', 'ok 5']);
  });

  it('rejects only the write whose result is an error', async () => {
    const { batcher, releaseNext } = recordingBatcher({ maxInFlight: 1, maxBatch: 10 });
    const results = Promise.allSettled([1, -2, 3].map((input) => batcher.write(input)));
    await turn();
    releaseNext();

    expect(
      (await results).map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error))),
    ).toEqual(['ok 1', new Error('negativ: -2'), 'ok 3']);
  });

  it('rejects every write of a batch that fails, and goes on with the next batch', async () => {
    let calls = 0;
    const batcher = createWriteBatcher<number, number>({
      maxInFlight: 1,
      maxBatch: 10,
      write: (batch) => {
        calls += 1;
        if (calls === 1) return Promise.reject(new Error('Verbindung verloren'));
        return Promise.resolve(batch.map((input) => input * 2));
      },
    });

    const failed = await Promise.allSettled([batcher.write(1), batcher.write(2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await batcher.write(3)).toBe(6);
  });

  it('rejects a batch answered with the wrong number of results', async () => {
    const batcher = createWriteBatcher<number, number>({
      maxInFlight: 1,
      maxBatch: 10,
      write: () => Promise.resolve([1]),
    });

    await expect(Promise.all([batcher.write(1), batcher.write(2)])).rejects.toThrow('answered 1 results for 2 inputs');
  });
});
