// @database-sensitive: the change feed through LISTEN/NOTIFY
/**
 * The response cache's event subscriber (ADR 0092): the one seam through which writes keep the
 * organisation response cache true. No write route raises a version by itself; the service's event
 * makes the answer wait until the write's own notification raised the version (or raises it, for
 * the hot writes without a trigger).
 */
import { API_PATHS, apiPath, type VacancyListResponse } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../events/domain-events';
import { actorHeaders, type ActorName } from '../testing/actors';
import { vacancyInput } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createMemoryDataVersionStore, organizationDataKey, type DataVersionStore } from './data-versions';
import { responseCacheSubscriber } from './response-cache.subscriber';

describe('response cache subscriber', () => {
  function subscriberWithFakes() {
    const calls: string[] = [];
    const changes = {
      organizationChanged: (organizationId: string) => {
        calls.push(`raise ${organizationId}`);
        return Promise.resolve();
      },
      settled: () => {
        calls.push('settled');
        return Promise.resolve();
      },
    };
    const subscriber = responseCacheSubscriber(changes, () => calls.push('clear'));
    const deliver = async (event: DomainEvent) => {
      const handler = subscriber.handlers[event.type] as ((event: DomainEvent) => Promise<void> | void) | undefined;
      await handler?.(event);
    };
    return { calls, subscriber, deliver };
  }

  it('raises the organisation’s version for the hot writes no trigger notifies', async () => {
    const { calls, deliver } = subscriberWithFakes();
    await deliver({
      type: 'message.sent',
      organizationId: 'o1',
      applicantId: 'a1',
      sender: 'APPLICANT',
      chatVersion: 3,
      at: new Date(),
    });
    await deliver({
      type: 'chat.read',
      organizationId: 'o2',
      applicantId: 'a1',
      reader: 'APPLICANT',
      userId: 'a1',
      readSeq: 3,
    });
    await deliver({ type: 'vacancy.viewed', organizationId: 'o3', vacancyId: 'v1' });
    expect(calls).toEqual(['raise o1', 'raise o2', 'raise o3']);
  });

  it('waits for the feed to settle after a write the triggers notify', async () => {
    const { calls, deliver } = subscriberWithFakes();
    await deliver({ type: 'vacancy.saved', organizationId: 'o1', vacancyId: 'v1' });
    await deliver({ type: 'user.changed', userId: 'u1' });
    expect(calls).toEqual(['settled', 'settled']);
  });

  it('does nothing for a write no kept list shows', async () => {
    const { calls, deliver } = subscriberWithFakes();
    await deliver({ type: 'invitation.changed', organizationId: 'o1' });
    expect(calls).toEqual([]);
  });

  it('drops everything kept when a handler failed', async () => {
    const { calls, subscriber } = subscriberWithFakes();
    await subscriber.lost({ type: 'vacancy.saved', organizationId: 'o1', vacancyId: 'v1' });
    expect(calls).toEqual(['clear']);
  });
});

/**
 * Through the real app, with every version raise taking 100 ms: a read right after the write
 * would get the kept answer unless the write's answer waited for its own notification's raise.
 */
describe('an organisation user’s write through the API', () => {
  const RAISE_MS = 100;
  const store = createMemoryDataVersionStore();
  const slowVersions: DataVersionStore = {
    current: (key) => store.current(key),
    async bump(key) {
      await new Promise((resolve) => setTimeout(resolve, RAISE_MS));
      await store.bump(key);
    },
    close: () => store.close(),
  };
  const LIST = `${API_PATHS.vacancies}?sort=title&order=asc&pageSize=100`;
  let testApp: TestApp;
  let headers: Record<ActorName, Record<string, string>>;
  let vacancyId: string;
  let organizationId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ dataVersionStore: slowVersions });
    headers = await actorHeaders(testApp);
    const firmaId = await testApp.userIdOf('firma@matchwerk.example');
    const result = (await testApp.database.db.execute(sql`
      select v.id, v.organization_id from vacancies v join users u on u.organization_id = v.organization_id
      where u.id = ${firmaId} order by v.title limit 1`)) as { rows: { id: string; organization_id: string }[] };
    const [row] = result.rows;
    if (!row) throw new Error('firma@ has no posting in the demo data');
    ({ id: vacancyId, organization_id: organizationId } = row);
    await vi.waitFor(() => expect(testApp.responseCache.changes.listener.listening).toBe(true));
  });
  afterAll(async () => {
    await testApp?.close();
    await store.close();
  });

  async function readList() {
    const response = await testApp.app.inject({ method: 'GET', url: LIST, headers: headers.organisationOwn });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  const titleIn = (response: Awaited<ReturnType<typeof readList>>) =>
    response.json<VacancyListResponse>().items.find((item) => item.id === vacancyId)?.title;

  const putVacancy = (title: string) =>
    testApp.app.inject({
      method: 'PUT',
      url: apiPath(API_PATHS.vacancy, { id: vacancyId }),
      headers: headers.organisationOwn,
      payload: vacancyInput({ title }),
    });

  it('shows the write on the very next list read, though the list was kept', async () => {
    await testApp.responseCache.changes.settled();
    const first = await readList();
    const kept = await readList();
    expect(kept.body).toBe(first.body);
    expect(testApp.responseCache.size).toBeGreaterThan(0);

    const saved = await putVacancy('Sofort sichtbar');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(titleIn(await readList())).toBe('Sofort sichtbar');
  });

  it('raises nothing for a write that was refused (no route raises versions by itself)', async () => {
    await readList();
    await testApp.responseCache.changes.settled();
    const key = organizationDataKey(organizationId);
    const before = await store.current(key);
    const refused = await putVacancy('');
    expect(refused.statusCode).toBe(400);
    await testApp.responseCache.changes.settled();
    expect(await store.current(key)).toBe(before);
  });
});
