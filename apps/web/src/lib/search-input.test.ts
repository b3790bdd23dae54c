import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebouncedText, useSearchInput } from './search-input';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderSearch(initial = '', accept?: (text: string) => boolean) {
  const commit = vi.fn<(text: string) => void>();
  const hook = renderHook(({ committed }) => useSearchInput(committed, commit, accept), {
    initialProps: { committed: initial },
  });
  const type = (text: string) => act(() => hook.result.current[1](text));
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  return { hook, commit, type, wait, shown: () => hook.result.current[0] };
}

describe('useSearchInput', () => {
  it('commits once, with the last text, when typing pauses', async () => {
    const { commit, type, wait, shown } = renderSearch();
    type('B');
    await wait(SEARCH_DEBOUNCE_MS - 1);
    type('Bä');
    await wait(SEARCH_DEBOUNCE_MS - 1);
    type('Bäc');
    expect(shown()).toBe('Bäc');
    expect(commit).not.toHaveBeenCalled();
    await wait(SEARCH_DEBOUNCE_MS);
    expect(commit).toHaveBeenCalledExactlyOnceWith('Bäc');
  });

  it('does not search again for the same text with spaces around it', async () => {
    const { commit, type, wait } = renderSearch('Bäckerei');
    type('Bäckerei ');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(commit).not.toHaveBeenCalled();
  });

  it('shows a search changed from outside and drops the commit still waiting', async () => {
    const { hook, commit, type, wait, shown } = renderSearch('alt');
    type('altx');
    hook.rerender({ committed: '' });
    expect(shown()).toBe('');
    await wait(SEARCH_DEBOUNCE_MS * 2);
    expect(commit).not.toHaveBeenCalled();
    type('alt');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(commit).toHaveBeenCalledExactlyOnceWith('alt');
  });

  it('keeps typing when the search it sent comes back late', async () => {
    const { hook, commit, type, wait, shown } = renderSearch();
    type('wa');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(commit).toHaveBeenLastCalledWith('wa');
    type('war');
    hook.rerender({ committed: 'wa' });
    expect(shown()).toBe('war');
    type('wart');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(commit).toHaveBeenLastCalledWith('wart');
    hook.rerender({ committed: 'wart' });
    expect(shown()).toBe('wart');
    expect(commit).toHaveBeenCalledTimes(2);
  });

  it('follows the URL again once its own search has come back (back, then forward)', async () => {
    const { hook, type, wait, shown } = renderSearch();
    type('Kita');
    await wait(SEARCH_DEBOUNCE_MS);
    hook.rerender({ committed: 'Kita' });
    hook.rerender({ committed: '' });
    expect(shown()).toBe('');
    hook.rerender({ committed: 'Kita' });
    expect(shown()).toBe('Kita');
  });

  it('keeps a text that is not accepted in the field without searching for it', async () => {
    const { commit, type, wait, shown } = renderSearch('', (text) => text.length <= 3);
    type('abcd');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(shown()).toBe('abcd');
    expect(commit).not.toHaveBeenCalled();
    type('abc');
    await wait(SEARCH_DEBOUNCE_MS);
    expect(commit).toHaveBeenCalledExactlyOnceWith('abc');
  });

  it('does not commit after the field is gone', async () => {
    const { hook, commit, type, wait } = renderSearch();
    type('Kita');
    hook.unmount();
    await wait(SEARCH_DEBOUNCE_MS);
    expect(commit).not.toHaveBeenCalled();
  });
});

describe('useDebouncedText', () => {
  it('follows the text once typing pauses', async () => {
    const hook = renderHook(({ text }) => useDebouncedText(text), { initialProps: { text: '' } });
    hook.rerender({ text: 'Sin' });
    hook.rerender({ text: 'Sindel' });
    expect(hook.result.current).toBe('');
    await act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(hook.result.current).toBe('Sindel');
  });
});
