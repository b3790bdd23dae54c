import { GEOCODE_WARNING } from '@matchwerk/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../stores/ui-store';
import { ApiError } from './api-client';
import { createQueryClient, globalErrorAction } from './query-client';

const serverError = (text: string) => new ApiError({ status: 500, code: 'INTERNAL', message: 'Fehler', text });

afterEach(() => {
  useUiStore.setState({ showErrorSnackbar: false });
  vi.restoreAllMocks();
});

describe('globalErrorAction', () => {
  it('shows the snackbar for ordinary failures', () => {
    expect(globalErrorAction(serverError('{"code":"INTERNAL"}'), undefined)).toBe('snackbar');
  });

  it('only logs errors the screen shows itself', () => {
    expect(globalErrorAction(serverError('x'), { handledInline: true })).toBe('log');
  });

  it('swallows geocoding failures silently', () => {
    expect(globalErrorAction(serverError(`{"message":"${GEOCODE_WARNING} address"}`), undefined)).toBe('ignore');
  });
});

describe('createQueryClient', () => {
  it('logs a failed mutation, opens the error snackbar and still rejects', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(serverError('boom')),
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(log).toHaveBeenCalled();
    expect(useUiStore.getState().showErrorSnackbar).toBe(true);
  });

  it('keeps the snackbar closed for handledInline queries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: () => Promise.reject(serverError('boom')),
        retry: false,
        meta: { handledInline: true },
      })
      .catch(() => undefined);
    expect(useUiStore.getState().showErrorSnackbar).toBe(false);
  });
});
