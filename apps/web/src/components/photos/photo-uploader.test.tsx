import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { abortError, type PrepareOptions, type PreparedImage } from '../../lib/image-compression';
import { ratioLabel } from './crop-dialog';
import { PhotoUploader, type PhotoItem, type PhotoUploaderProps } from './photo-uploader';
import type { Prepare } from './use-image-preparation';

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });

/** A prepare step the test finishes or that ends on abort, like the worker. */
function controlledPrepare() {
  const calls: { file: File; options: PrepareOptions; finish: (result: PreparedImage) => void }[] = [];
  const prepare = vi.fn<Prepare>(
    (file, options) =>
      new Promise<PreparedImage>((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(abortError()));
        calls.push({ file, options, finish: resolve });
      }),
  );
  return { prepare, calls };
}

function renderUploader(props: Partial<PhotoUploaderProps> = {}) {
  const onFiles = vi.fn<(files: File[]) => void>();
  const items: PhotoItem[] = [];
  render(
    <PhotoUploader
      items={items}
      max={10}
      pickLabel="Fotos auswählen"
      altFor={(index) => `Foto ${index + 1}`}
      onFiles={onFiles}
      removeDialog={{ title: 'Foto entfernen?', text: 'Weg damit.' }}
      {...props}
    />,
  );
  return { onFiles };
}

// jsdom has no object URLs; this file's environment gets numbered fakes.
const revoked = vi.fn<(url: string) => void>();
beforeEach(() => {
  let counter = 0;
  URL.createObjectURL = () => `blob:test-${++counter}`;
  URL.revokeObjectURL = revoked;
});

afterEach(() => {
  revoked.mockReset();
  vi.restoreAllMocks();
});

describe('PhotoUploader preparation', () => {
  it('shows the compression progress and hands on the prepared files together', async () => {
    const user = userEvent.setup();
    const { prepare, calls } = controlledPrepare();
    const { onFiles } = renderUploader({ crop: null, prepare });
    await user.upload(screen.getByLabelText('Fotos auswählen'), [png('a.png'), png('b.png')]);

    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.options.onProgress?.(0.4);
    const bar = await screen.findByRole('progressbar', { name: 'Bild wird verkleinert' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText('Bild 1 von 2 wird verkleinert: 40 %')).toBeTruthy();
    expect(disabled(screen.getByRole('button', { name: 'Fotos auswählen' }))).toBe(true);

    const prepared = [png('a.jpg'), png('b.jpg')];
    calls[0]?.finish({ file: prepared[0] as File, processed: true });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(onFiles).not.toHaveBeenCalled();
    calls[1]?.finish({ file: prepared[1] as File, processed: true });

    await waitFor(() => expect(onFiles).toHaveBeenCalledWith(prepared));
    expect(onFiles).toHaveBeenCalledOnce();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Bild vorbereitet, es wird hochgeladen.')).toBeTruthy();
  });

  it('cancels: "Abbrechen" aborts the work, hands on nothing and allows a new pick', async () => {
    const user = userEvent.setup();
    const { prepare, calls } = controlledPrepare();
    const { onFiles } = renderUploader({ crop: null, prepare });
    await user.upload(screen.getByLabelText('Fotos auswählen'), [png('a.png'), png('b.png')]);
    await screen.findByRole('progressbar', { name: 'Bild wird verkleinert' });

    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));

    expect(calls[0]?.options.signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByText('Abgebrochen. Es wurde kein Bild hochgeladen.')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(onFiles).not.toHaveBeenCalled();
    expect(disabled(screen.getByRole('button', { name: 'Fotos auswählen' }))).toBe(false);
  });

  it('takes only as many images as still fit and says so', async () => {
    const user = userEvent.setup();
    const { prepare, calls } = controlledPrepare();
    const items: PhotoItem[] = [
      { key: 'p1', src: '/p1', status: 'saved' },
      { key: 'p2', src: '/p2', status: 'saved' },
    ];
    renderUploader({ crop: null, prepare, max: 3, items });
    await user.upload(screen.getByLabelText('Fotos auswählen'), [png('a.png'), png('b.png'), png('c.png')]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Sie können höchstens 3 Bilder hinzufügen. Übernommen wurden 1 von 3 ausgewählten Bildern.',
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.file.name).toBe('a.png');
  });

  it('hands on other files untouched (the screen refuses them) and says when an original is uploaded', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { prepare, calls } = controlledPrepare();
    const { onFiles } = renderUploader({ crop: null, prepare });
    const text = new File(['x'], 'notiz.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Fotos auswählen'), [png('a.png'), text]);
    await waitFor(() => expect(calls).toHaveLength(1));
    calls[0]?.finish({ file: calls[0].file, processed: false });
    await waitFor(() => expect(onFiles).toHaveBeenCalledWith([calls[0]?.file, text]));
    expect(screen.getByRole('alert').textContent).toContain('im Original hochgeladen');
  });
});

describe('PhotoUploader crop dialog', () => {
  it('opens for each picked photo in 16:9 with a zoom slider; "Abbrechen" skips the photo', async () => {
    const user = userEvent.setup();
    const { prepare } = controlledPrepare();
    const { onFiles } = renderUploader({ prepare });
    await user.upload(screen.getByLabelText('Fotos auswählen'), [png('a.png'), png('b.png')]);

    let dialog = await screen.findByRole('dialog', { name: /Bildausschnitt wählen/ });
    expect(dialog.textContent).toContain('Bild 1 von 2');
    expect(dialog.textContent).toContain('Seitenverhältnis 16:9');
    expect(within(dialog).getByRole('slider', { name: 'Zoom' }).getAttribute('aria-valuetext')).toBe('100 %');
    expect(within(dialog).getByRole('img', { name: 'Ausgewähltes Bild' }).getAttribute('src')).toBe('blob:test-1');
    // Until the image has loaded and the area is known there is nothing to take.
    expect(disabled(within(dialog).getByRole('button', { name: 'Übernehmen' }))).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    dialog = await screen.findByRole('dialog', { name: /Bildausschnitt wählen/ });
    await waitFor(() => expect(dialog.textContent).toContain('Bild 2 von 2'));
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Kein Bild übernommen.')).toBeTruthy();
    expect(prepare).not.toHaveBeenCalled();
    expect(onFiles).not.toHaveBeenCalled();
    expect(revoked).toHaveBeenCalledWith('blob:test-1');
    expect(revoked).toHaveBeenCalledWith('blob:test-2');
  });

  it('lets a logo zoom out below "fill" in a square', async () => {
    const user = userEvent.setup();
    renderUploader({
      max: 1,
      crop: { aspect: 1, allowMargin: true },
      keepTransparency: true,
      prepare: controlledPrepare().prepare,
    });
    await user.upload(screen.getByLabelText('Fotos auswählen'), png('logo.png'));
    const dialog = await screen.findByRole('dialog', { name: /Bildausschnitt wählen/ });
    expect(dialog.textContent).toContain('Seitenverhältnis 1:1');
    expect(dialog.textContent).toContain('der Rand bleibt transparent');
    expect(within(dialog).getByRole('slider', { name: 'Zoom' }).getAttribute('aria-valuemin')).toBe('0.2');
  });

  it('names ratios as people say them', () => {
    expect(ratioLabel(16 / 9)).toBe('16:9');
    expect(ratioLabel(1)).toBe('1:1');
    expect(ratioLabel(4 / 3)).toBe('4:3');
    expect(ratioLabel(Math.PI)).toBe('3,14');
  });
});
