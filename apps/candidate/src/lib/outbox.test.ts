import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteOutbox, openOutbox, type OutboxEntry, type SendOutcome } from './outbox';

let clock = 1000;
const now = () => (clock += 1);
afterEach(async () => {
  await deleteOutbox('u1');
});

describe('chat outbox', () => {
  it('keeps entries per chat in the order they were written', async () => {
    const outbox = await openOutbox('u1', now);
    await outbox.add({ clientMessageId: 'c1', organizationId: 'o1', text: 'Hallo' });
    await outbox.add({ clientMessageId: 'c2', organizationId: 'o2', text: 'Andere Firma' });
    await outbox.add({ clientMessageId: 'c3', organizationId: 'o1', text: 'Noch was' });
    expect((await outbox.list('o1')).map((entry) => entry.text)).toEqual(['Hallo', 'Noch was']);
    expect(await outbox.list()).toHaveLength(3);
    outbox.close();
  });

  it('sends each entry once, and stops at the first retry without losing the rest', async () => {
    const outbox = await openOutbox('u1', now);
    for (const id of ['a', 'b', 'c']) await outbox.add({ clientMessageId: id, organizationId: 'o1', text: id });
    const attempts: string[] = [];
    let online = false;
    const send = (entry: OutboxEntry): Promise<SendOutcome> => {
      attempts.push(entry.clientMessageId);
      return Promise.resolve(online || entry.clientMessageId === 'a' ? 'sent' : 'retry');
    };
    expect(await outbox.flush(send)).toEqual({ sent: 1, rejected: [] });
    expect((await outbox.list()).map((entry) => entry.clientMessageId)).toEqual(['b', 'c']);
    online = true;
    expect(await outbox.flush(send)).toEqual({ sent: 2, rejected: [] });
    expect(attempts).toEqual(['a', 'b', 'b', 'c']);
    expect(await outbox.list()).toEqual([]);
    outbox.close();
  });

  it('shares one run between concurrent flushes (no double send)', async () => {
    const outbox = await openOutbox('u1', now);
    await outbox.add({ clientMessageId: 'x', organizationId: 'o1', text: 'x' });
    let calls = 0;
    const send = async (): Promise<SendOutcome> => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 'sent';
    };
    const [first, second] = await Promise.all([outbox.flush(send), outbox.flush(send)]);
    expect(calls).toBe(1);
    expect(first).toEqual(second);
    outbox.close();
  });

  it('drops a refused entry and reports it', async () => {
    const outbox = await openOutbox('u1', now);
    await outbox.add({ clientMessageId: 'r', organizationId: 'o1', text: 'zu lang' });
    const result = await outbox.flush(() => Promise.resolve('rejected'));
    expect(result.rejected.map((entry) => entry.clientMessageId)).toEqual(['r']);
    expect(await outbox.list()).toEqual([]);
    outbox.close();
  });

  it('keeps users apart and forgets a user on deletion', async () => {
    const first = await openOutbox('u1', now);
    await first.add({ clientMessageId: 'm', organizationId: 'o1', text: 'privat' });
    const other = await openOutbox('u2', now);
    expect(await other.list()).toEqual([]);
    other.close();
    first.close();
    await deleteOutbox('u1');
    const again = await openOutbox('u1', now);
    expect(await again.list()).toEqual([]);
    again.close();
    await deleteOutbox('u2');
  });
});
