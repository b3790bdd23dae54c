import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '../testing/api-server';

// Fresh modules per test: the test setup checks every answer before use, these start where a page
// starts, before any contract piece has loaded (ADR 0078).
async function freshModules() {
  vi.resetModules();
  const [apiClient, contract] = await Promise.all([import('./api-client'), import('./contract')]);
  contract.checkAnswersBeforeUse(false);
  return { ...apiClient, ...contract };
}

const CONFIG = { supportEmail: 'support@matchwerk.example', demoMailbox: false };
const BROKEN = { supportEmail: 'support@matchwerk.example' };

function serveConfig(answer: Record<string, unknown>) {
  serveApi(http.get('/rest/config', () => HttpResponse.json(answer)));
}

let modules: Awaited<ReturnType<typeof freshModules>>;
let pieceImports: number;
function configSchema(importPiece = () => import('./session.contract')) {
  const piece = modules.contractPiece(() => {
    pieceImports += 1;
    return importPiece();
  });
  return modules.contractSchema(piece, (loaded) => loaded.publicConfigSchema);
}

beforeEach(async () => {
  modules = await freshModules();
  pieceImports = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('answers that come before their contract piece has loaded', () => {
  it('are used as they came, and the piece loads in idle time after the delay, once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestIdleCallback'] });
    const schema = configSchema();
    serveConfig(BROKEN);
    await expect(modules.apiRequest('/rest/config', { schema })).resolves.toEqual(BROKEN);
    await expect(modules.apiRequest('/rest/config', { schema })).resolves.toEqual(BROKEN);
    expect(pieceImports).toBe(0);

    await vi.advanceTimersByTimeAsync(modules.CONTRACT_LOAD_DELAY_MS - 1);
    expect(pieceImports).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(schema.loaded()).toBeDefined());
    expect(pieceImports).toBe(1);
  });

  it('ask again for a piece that failed to load', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestIdleCallback'] });
    let attempts = 0;
    const schema = configSchema(() =>
      ++attempts === 1 ? Promise.reject(new Error('chunk failed')) : import('./session.contract'),
    );
    serveConfig(CONFIG);
    await modules.apiRequest('/rest/config', { schema });
    await vi.advanceTimersByTimeAsync(modules.CONTRACT_LOAD_DELAY_MS + 10_000);
    expect(attempts).toBe(1);
    expect(schema.loaded()).toBeUndefined();

    await modules.apiRequest('/rest/config', { schema });
    await vi.advanceTimersByTimeAsync(modules.CONTRACT_LOAD_DELAY_MS + 10_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(schema.loaded()).toBeDefined());
    expect(attempts).toBe(2);
  });
});

describe('answers after their piece has loaded', () => {
  it('are checked at once: a broken one fails as INVALID_RESPONSE', async () => {
    const schema = configSchema();
    await schema.load();
    serveConfig(BROKEN);
    await expect(modules.apiRequest('/rest/config', { schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    serveConfig(CONFIG);
    await expect(modules.apiRequest('/rest/config', { schema })).resolves.toEqual(CONFIG);
  });
});

describe('checking before use (the unit tests’ setting)', () => {
  it('waits for the piece and refuses a broken answer', async () => {
    modules.checkAnswersBeforeUse(true);
    serveConfig(BROKEN);
    await expect(modules.apiRequest('/rest/config', { schema: configSchema() })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});
