import { QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '../testing/api-server';

// Fresh modules per test: the test setup loads the contract for every other test, these start
// where a page starts, before it has loaded (ADR 0078).
type Modules = Awaited<ReturnType<typeof freshModules>>;
async function freshModules() {
  vi.resetModules();
  const [apiClient, contract, queryClient] = await Promise.all([
    import('./api-client'),
    import('./contract'),
    import('./query-client'),
  ]);
  return { ...apiClient, ...contract, ...queryClient };
}

const CONFIG = { supportEmail: 'support@matchwerk.example', demoMailbox: false };
const BROKEN = { supportEmail: 'support@matchwerk.example' };

function serveConfig(...answers: Array<Record<string, unknown>>) {
  let asked = 0;
  serveApi(http.get('/rest/config', () => HttpResponse.json(answers[Math.min(asked++, answers.length - 1)] ?? null)));
  return () => asked;
}

let modules: Modules;
beforeEach(async () => {
  modules = await freshModules();
});

const configSchema = () => modules.contractSchema((contract) => contract.publicConfigSchema);

describe('answers that come before the contract has loaded', () => {
  it('are used as they came and checked once it has loaded', async () => {
    const late = vi.fn();
    modules.onLateContractError(late);
    serveConfig(CONFIG);
    await expect(modules.apiRequest('/rest/config', { schema: configSchema() })).resolves.toEqual(CONFIG);
    expect(modules.loadedSchema(configSchema())).toBeUndefined();

    await modules.loadContract();
    expect(late).not.toHaveBeenCalled();
  });

  it('report a failed check once it has loaded, as INVALID_RESPONSE', async () => {
    const late = vi.fn();
    modules.onLateContractError(late);
    serveConfig(BROKEN);
    await expect(modules.apiRequest('/rest/config', { schema: configSchema() })).resolves.toEqual(BROKEN);
    expect(late).not.toHaveBeenCalled();

    await modules.loadContract();
    expect(late).toHaveBeenCalledTimes(1);
    expect(late.mock.calls[0]![0]).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
  });

  it('start the contract loading a second after the first of them', async () => {
    serveConfig(CONFIG);
    await modules.apiRequest('/rest/config', { schema: configSchema() });
    const asked = performance.now();
    await vi.waitFor(() => expect(modules.loadedSchema(configSchema())).toBeDefined(), {
      timeout: modules.CONTRACT_LOAD_DELAY_MS + 4000,
    });
    expect(performance.now() - asked).toBeGreaterThanOrEqual(modules.CONTRACT_LOAD_DELAY_MS - 50);
  });
});

describe('answers after the contract has loaded', () => {
  it('are checked at once', async () => {
    await modules.loadContract();
    serveConfig(BROKEN);
    await expect(modules.apiRequest('/rest/config', { schema: configSchema() })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});

describe('the query client', () => {
  it('asks again when an answer fails its check late, and shows that query failed', async () => {
    const client = modules.createQueryClient();
    const asked = serveConfig(BROKEN);
    const observer = new QueryObserver(client, {
      queryKey: ['config'],
      queryFn: () => modules.apiRequest('/rest/config', { schema: configSchema() }),
      retry: false,
    });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(BROKEN));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await modules.loadContract();
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    expect(observer.getCurrentResult().error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(asked()).toBe(2);
    consoleError.mockRestore();
    stop();
  });
});
