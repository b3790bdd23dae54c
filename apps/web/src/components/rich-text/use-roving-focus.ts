import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * Roving tabindex of the WAI-ARIA toolbar pattern: the toolbar is one tab stop; Left/Right move
 * between its enabled items (wrapping), Home/End go to the first/last, and the item focused last
 * is the one Tab comes back to. Items are the toolbar's enabled `button` elements in DOM order,
 * so a disabled item is skipped and never holds the only tab stop.
 */
export function useRovingFocus() {
  const toolbarRef = useRef<HTMLDivElement>(null);
  /** Index into the enabled items; kept when the toolbar re-renders. */
  const [active, setActive] = useState(0);

  const items = () =>
    Array.from(toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []);

  /** The tabindex of an item: its index among the enabled items, or null for a disabled one. */
  const tabIndexOf = useCallback(
    (enabledIndex: number | null, enabledCount: number) => {
      if (enabledIndex === null) return -1;
      const current = Math.min(active, enabledCount - 1);
      return enabledIndex === current ? 0 : -1;
    },
    [active],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = items();
    const from = enabled.indexOf(document.activeElement as HTMLButtonElement);
    if (from === -1 || enabled.length === 0) return;
    let to: number;
    switch (event.key) {
      case 'ArrowRight':
        to = (from + 1) % enabled.length;
        break;
      case 'ArrowLeft':
        to = (from - 1 + enabled.length) % enabled.length;
        break;
      case 'Home':
        to = 0;
        break;
      case 'End':
        to = enabled.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    setActive(to);
    enabled[to]?.focus();
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const target: EventTarget = event.target;
    const index = items().findIndex((item) => item === target);
    if (index !== -1) setActive(index);
  };

  return { tabIndexOf, toolbarProps: { ref: toolbarRef, onKeyDown, onFocus } };
}
