import { h, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import './preact-compat-fixes';

// Preact itself, as every unit test and the production build run it (ADR 0072, ADR 0091).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Preact behaving as React where the app relies on it', () => {
  const container = document.createElement('div');
  afterEach(() => render(null, container));

  it('runs the effects of an event’s render before the next task, not after the next frame', async () => {
    const seen: string[] = [];
    function Field() {
      const [value, setValue] = useState('');
      useEffect(() => {
        seen.push(value);
      }, [value]);
      return h('input', { value, onInput: (event: Event) => setValue((event.target as HTMLInputElement).value) });
    }
    render(h(Field, null), container);
    await nextTask();
    const input = container.querySelector('input')!;
    input.value = 'W';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await nextTask();
    expect(seen).toEqual(['', 'W']);
  });

  it('writes the next text of an editable element even when its text node was replaced from outside', async () => {
    let show: (text: string) => void = () => undefined;
    function Section() {
      const [text, setText] = useState('TT');
      show = setText;
      return h('span', { contentEditable: true, suppressContentEditableWarning: true }, text);
    }
    render(h(Section, null), container);
    const span = container.querySelector('span')!;
    expect(span.textContent).toBe('TT');
    // What MUI X's date field does with a typed digit before it renders the section's new value.
    span.textContent = 'TT';
    show('01');
    await nextTask();
    expect(span.textContent).toBe('01');
    expect(span.hasAttribute('suppresscontenteditablewarning')).toBe(false);
  });
});
