import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRenderInSlices } from './render-in-slices';

const list = (length: number, prefix = 'p') => Array.from({ length }, (_, index) => `${prefix}${index}`);
const SIZES = { first: 4, step: 6 };

describe('useRenderInSlices', () => {
  it('renders the first slice at once and the rest a slice per task, in order', async () => {
    const items = list(15);
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const slices = useRenderInSlices(items, SIZES);
      seen.push(slices.shown.length);
      return slices;
    });
    expect(result.current.shown).toEqual(items.slice(0, 4));
    expect(result.current.complete).toBe(false);
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.shown).toBe(items);
    expect([...new Set(seen)]).toEqual([4, 10, 15]);
  });

  it('waits for the list, and renders a short one whole', () => {
    const { result, rerender } = renderHook(({ items }) => useRenderInSlices(items, SIZES), {
      initialProps: { items: undefined as string[] | undefined },
    });
    expect(result.current.shown).toEqual([]);
    const short = list(3);
    rerender({ items: short });
    expect(result.current).toEqual({ shown: short, complete: true });
  });

  it('renders a later list whole: only the screen’s first list is sliced', async () => {
    const { result, rerender } = renderHook(({ items }) => useRenderInSlices(items, SIZES), {
      initialProps: { items: list(12) },
    });
    await waitFor(() => expect(result.current.complete).toBe(true));
    const next = list(25, 'q');
    act(() => rerender({ items: next }));
    expect(result.current).toEqual({ shown: next, complete: true });
  });

  it('slices a new first list from where it was when it changes before it is whole', async () => {
    const { result, rerender } = renderHook(({ items }) => useRenderInSlices(items, SIZES), {
      initialProps: { items: list(30) },
    });
    const searched = list(20, 's');
    rerender({ items: searched });
    expect(result.current.shown).toEqual(searched.slice(0, 4));
    await waitFor(() => expect(result.current.shown).toBe(searched));
  });
});
