import { options, type VNode } from 'preact';

/**
 * Where the production build's Preact (ADR 0072) must behave as React does for the libraries and
 * screens written against React. main.tsx imports this first, and so does the unit tests' setup:
 * they run on Preact too (ADR 0091).
 */

// React runs the effects of a render caused by a key press before it handles the next key;
// Preact by default runs them after the next frame. Effects that sync an outside editor with the
// form then saw an older value when keys came faster than frames and set the editor back
// (typing "Was wir bieten" kept "Wa…" in the rich-text editor). A microtask after the render
// runs them before the next event, as React does.
options.requestAnimationFrame = (flushEffects: () => void) => queueMicrotask(flushEffects);

// Props React reads and never writes to the DOM; Preact would write them as attributes.
const REACT_ONLY_PROPS = ['suppressContentEditableWarning', 'suppressHydrationWarning'];

const previousVNodeHook = options.vnode?.bind(options);
options.vnode = (vnode: VNode) => {
  previousVNodeHook?.(vnode);
  if (typeof vnode.type !== 'string') return;
  const props = vnode.props as Record<string, unknown>;
  for (const name of REACT_ONLY_PROPS) delete props[name];
  // React writes an element's only text child as its textContent. MUI X's date field relies on it:
  // it puts the typed section back by replacing the text node, and expects its next render to
  // write the new text. Preact would update the replaced node instead, and the digit vanished.
  const { children } = props;
  if (props.contentEditable && (typeof children === 'string' || typeof children === 'number')) {
    props.textContent = String(children);
    delete props.children;
  }
};
