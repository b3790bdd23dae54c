/**
 * Loads one API answer for a screen, with loading / error states, a refetch, polling while the
 * page is visible (paused when hidden: push is the fast path) and a refetch when the service
 * worker reports a push or a newer copy of the list.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, messageOf } from './api';
import { onWorkerMessage } from './service-worker';

export type Resource<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'error'; data: T | null; error: string }
  | { status: 'ready'; data: T; error: null };

interface Options {
  /** Refetch every this many milliseconds while the page is visible. */
  pollMs?: number;
}

export function useResource<T>(path: string | null, options: Options = {}) {
  const [state, setState] = useState<Resource<T>>({ status: 'loading', data: null, error: null });
  const latest = useRef(path);
  latest.current = path;

  const load = useCallback(
    async (fresh: boolean) => {
      if (!path) return;
      try {
        const data = await api<T>(path, fresh ? { fresh: true } : {});
        if (latest.current === path) setState({ status: 'ready', data, error: null });
      } catch (error) {
        if (latest.current === path)
          setState((previous) => ({ status: 'error', data: previous.data, error: messageOf(error) }));
      }
    },
    [path],
  );

  useEffect(() => {
    setState({ status: 'loading', data: null, error: null });
    void load(false);
  }, [load]);

  useEffect(
    () =>
      onWorkerMessage((message) => {
        if (message.type === 'push' || (message.type === 'refreshed' && path && message.url?.endsWith(path)))
          void load(true);
      }),
    [load, path],
  );

  useEffect(() => {
    if (!options.pollMs) return;
    const interval = options.pollMs;
    let timer: ReturnType<typeof setInterval> | null = null;
    const start = () => {
      timer ??= setInterval(() => void load(true), interval);
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        void load(true);
        start();
      } else stop();
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [load, options.pollMs]);

  const reload = useCallback(() => load(true), [load]);
  return { ...state, reload };
}
