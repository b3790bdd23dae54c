/**
 * A long list rendered a slice per task (ADR 0073): the rows that fill the first screen at once,
 * the rest after that first paint, a few rows per task. The built app runs on Preact (ADR 0072),
 * which renders a list in one task where React's deferred render yielded in between: 25 posting
 * cards were one task of about 50 ms (200 ms at a phone's speed) that the first paint waited for.
 */
import { useEffect, useState } from 'react';

export interface SliceSizes {
  /** Rendered with the first paint: enough to fill a phone's screen. */
  first: number;
  /** Rendered per task after it. */
  step: number;
}

/** A task that runs after the next paint, or soon when no frame comes (a hidden tab). */
function afterNextPaint(run: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  let timer = 0;
  // A timeout set in the frame callback runs after that frame has been painted.
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(once, 0);
  });
  const fallback = window.setTimeout(once, 100);
  return () => {
    done = true;
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    window.clearTimeout(fallback);
  };
}

/**
 * The items to render now: the first slice of the screen's first list, then one more slice per
 * task until all are there. Only the first list is sliced: a later one (another page, a search)
 * follows an action and renders whole, so the pagination under it stays where it is, with the focus.
 * `complete` tells when the last slice is in, so that what follows the list (its pagination) appears
 * once, at its place, instead of moving down with every slice.
 */
export function useRenderInSlices<T>(
  items: readonly T[] | undefined,
  { first, step }: SliceSizes,
): { shown: readonly T[]; complete: boolean } {
  // How many items to render; Infinity once the first list was rendered whole.
  const [count, setCount] = useState(first);
  const total = items?.length ?? 0;

  useEffect(() => {
    if (!items || count === Infinity) return;
    const next = count + step;
    // Whole, also when the list was short: a later list renders whole at once.
    return afterNextPaint(() => setCount(next >= items.length ? Infinity : next));
  }, [items, count, step]);

  const complete = count >= total;
  return { shown: complete ? (items ?? []) : (items?.slice(0, count) ?? []), complete };
}
