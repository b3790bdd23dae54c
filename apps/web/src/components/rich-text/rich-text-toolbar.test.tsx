import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { RichTextEditor } from './rich-text-editor';

// jsdom has no layout; ProseMirror measures the caret when it scrolls the selection into view.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Element.prototype.getClientRects = noRects;
  document.elementFromPoint = () => null;
});

function Harness() {
  const [value, setValue] = useState('<p>Hallo</p>');
  return (
    <>
      <button type="button">Davor</button>
      <RichTextEditor label="Beschreibung" value={value} onChange={setValue} />
      <button type="button">Danach</button>
    </>
  );
}

function setup() {
  const user = userEvent.setup();
  render(<Harness />);
  const toolbar = screen.getByRole('toolbar', { name: 'Formatierung: Beschreibung' });
  return { user, toolbar };
}

describe('the rich-text toolbar (WAI-ARIA toolbar pattern)', () => {
  it('is one tab stop: Tab enters at the first button and leaves for the text', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Davor' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fett' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fett' }));
    const stops = screen
      .getAllByRole('button')
      .filter((button) => button.closest('[role="toolbar"]') && button.tabIndex === 0);
    expect(stops).toHaveLength(1);
  });

  it('moves with Left/Right (wrapping), Home and End, and skips the disabled "Link entfernen"', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Davor' }));
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Kursiv' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    // Wraps from the first to the last enabled button: "Link entfernen" is disabled without a link.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Link einfügen' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Link entfernen' }).disabled).toBe(true);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fett' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Link einfügen' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fett' }));
  });

  it('remembers the button focused last when Tab comes back', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Davor' }));
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Aufzählung' }));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Danach' }));
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Aufzählung' }));
    expect(screen.getByRole('button', { name: 'Aufzählung' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('button', { name: 'Fett' }).getAttribute('tabindex')).toBe('-1');
  });

  it('marks toggles with aria-pressed and divides the groups with separators', async () => {
    const { user, toolbar } = setup();
    const bold = screen.getByRole('button', { name: 'Fett' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('textbox'));
    await user.keyboard('{Control>}a{/Control}');
    await user.click(bold);
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Link entfernen' }).hasAttribute('aria-pressed')).toBe(false);
    const separators = Array.from(toolbar.querySelectorAll('[role="separator"]'));
    expect(separators).toHaveLength(2);
    for (const separator of separators) expect(separator.getAttribute('aria-orientation')).toBe('vertical');
  });
});
