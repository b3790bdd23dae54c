import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const TEXT = 'Infos auf www.firma.de oder per Mail an info@firma.de';

// Fresh modules per test: each starts where a chat's first paint starts, before linkify has loaded.
// Preact is prebundled into the tests' module graph (ADR 0091), so the reset brings a second Preact:
// the component is rendered, and unmounted, by a testing-library loaded along with it.
let cleanupFresh: () => void = () => undefined;
async function freshLinkifiedText() {
  vi.resetModules();
  await import('../../../lib/locales/register-marketplace-texts');
  const { render, cleanup } = await import('@testing-library/react');
  cleanupFresh = cleanup;
  return { LinkifiedText: (await import('./linkified-text')).LinkifiedText, render };
}

afterEach(() => {
  cleanupFresh();
  vi.doUnmock('../lib/linkify');
  vi.restoreAllMocks();
});

describe('LinkifiedText', () => {
  it('shows the plain text first, then the same text with its links once linkify has loaded', async () => {
    const { LinkifiedText, render } = await freshLinkifiedText();
    const { container } = render(<LinkifiedText text={TEXT} />);
    expect(container.textContent).toBe(TEXT);
    expect(screen.queryByRole('link')).toBeNull();

    const web = await screen.findByRole('link', { name: 'www.firma.de (öffnet in neuem Tab)' });
    expect(web.getAttribute('href')).toBe('https://www.firma.de');
    expect(web.getAttribute('target')).toBe('_blank');
    expect(web.getAttribute('rel')).toBe('noopener noreferrer');
    const mail = screen.getByRole('link', { name: 'info@firma.de' });
    expect(mail.getAttribute('href')).toBe('mailto:info@firma.de');
    expect(mail.getAttribute('target')).toBeNull();
    expect(container.textContent).toBe('Infos auf www.firma.de (öffnet in neuem Tab) oder per Mail an info@firma.de');
  });

  it('gives every mounted text its links together, and later texts theirs in the first render', async () => {
    const { LinkifiedText, render } = await freshLinkifiedText();
    render(
      <>
        <p>
          <LinkifiedText text="Erste: www.firma.de" />
        </p>
        <p>
          <LinkifiedText text="Zweite: https://firma.de/ausbildung" />
        </p>
      </>,
    );
    await screen.findByRole('link', { name: /firma\.de\/ausbildung/ });
    expect(screen.getAllByRole('link')).toHaveLength(2);

    render(<LinkifiedText text="Dritte: info@firma.de" />);
    expect(screen.getByRole('link', { name: 'info@firma.de' })).toBeTruthy();
  });

  it('keeps the plain text and reports the error once when linkify fails to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const chunkError = new TypeError('Failed to fetch dynamically imported module');
    // A chunk that does not arrive cannot be produced otherwise in a test.
    vi.doMock('../lib/linkify', () => Promise.reject(chunkError));
    const { LinkifiedText, render } = await freshLinkifiedText();
    const { container } = render(
      <>
        <LinkifiedText text={TEXT} />
        <LinkifiedText text="Noch einmal www.firma.de" />
      </>,
    );
    await waitFor(() => expect(error).toHaveBeenCalled());
    render(<LinkifiedText text="Später: www.firma.de" />);
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(error).toHaveBeenCalledTimes(1);
    // Vitest hands on a failing mock as its own error, with the chunk's error as the cause.
    expect(error).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ cause: chunkError }));
    expect(container.textContent).toBe(`${TEXT}Noch einmal www.firma.de`);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
