/**
 * The profile photo with a square crop (issue 47, screen 3): pick a picture, move and zoom it with
 * sliders (keyboard and screen reader work like any range input; no drag needed), then upload the
 * cropped square as JPEG. The crop happens on this device in a canvas, so only the chosen part
 * ever leaves it.
 */
import { API_PATHS } from '@matchwerk/shared';
import { useEffect, useRef, useState } from 'react';
import { api, messageOf, pathOf } from '../lib/api';
import { cropSquare, type Crop } from '../lib/crop';

/** Side of the uploaded square in pixels: sharp on phones, small to send. */
const OUTPUT = 640;

interface Props {
  photoId: string | null;
  onChange: () => Promise<void> | void;
}

export function PhotoCrop({ photoId, onChange }: Props) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 50, y: 50 });
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const target = canvas.current;
    if (!image || !target) return;
    const area = cropSquare(image.naturalWidth, image.naturalHeight, crop);
    target.getContext('2d')?.drawImage(image, area.sx, area.sy, area.size, area.size, 0, 0, OUTPUT, OUTPUT);
  }, [image, crop]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const loaded = new Image();
    loaded.onload = () => {
      setImage(loaded);
      setCrop({ zoom: 1, x: 50, y: 50 });
      setMessage(null);
    };
    loaded.onerror = () => setMessage('Dieses Bild können wir nicht öffnen. Nimm ein Foto als JPEG, PNG oder WebP.');
    loaded.src = url;
  };

  const upload = async () => {
    const target = canvas.current;
    if (!target || busy) return;
    setBusy(true);
    try {
      const blob = await new Promise<Blob | null>((resolve) => target.toBlob(resolve, 'image/jpeg', 0.85));
      if (!blob) throw new Error('toBlob');
      const form = new FormData();
      form.append('file', blob, 'profilfoto.jpg');
      if (photoId) await api(pathOf(API_PATHS.applicantProfilePhoto, { photoId }), { method: 'DELETE' });
      await api(API_PATHS.applicantProfilePhotos, { method: 'POST', body: form });
      setImage(null);
      setMessage('Dein Foto ist gespeichert.');
      await onChange();
    } catch (caught) {
      setMessage(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const slider = (key: keyof Crop, label: string, min: number, max: number, step: number) => (
    <div className="field">
      <label htmlFor={`crop-${key}`}>{label}</label>
      <input
        id={`crop-${key}`}
        type="range"
        min={min}
        max={max}
        step={step}
        value={crop[key]}
        onInput={(event) => setCrop({ ...crop, [key]: Number(event.currentTarget.value) })}
      />
    </div>
  );

  return (
    <section className="photo-crop" aria-labelledby="photo-heading">
      <h2 id="photo-heading" className="section-title">
        Dein Foto (freiwillig)
      </h2>
      {image ? (
        <>
          <canvas
            ref={canvas}
            className="crop-canvas"
            width={OUTPUT}
            height={OUTPUT}
            role="img"
            aria-label="Vorschau deines Fotos im gewählten Ausschnitt"
          />
          {slider('zoom', 'Vergrößern', 1, 3, 0.05)}
          {slider('x', 'Ausschnitt nach links oder rechts', 0, 100, 1)}
          {slider('y', 'Ausschnitt nach oben oder unten', 0, 100, 1)}
          <div className="deck-actions">
            <button type="button" className="button button-secondary" onClick={() => setImage(null)}>
              Abbrechen
            </button>
            <button type="button" className="button" onClick={() => void upload()} disabled={busy}>
              Foto speichern
            </button>
          </div>
        </>
      ) : (
        <>
          {photoId ? (
            <img
              className="crop-canvas"
              src={pathOf(API_PATHS.applicantProfilePhoto, { photoId })}
              alt="Dein Profilfoto"
              width={160}
              height={160}
            />
          ) : null}
          <div className="field">
            <label htmlFor="photo-file">{photoId ? 'Anderes Foto wählen' : 'Foto wählen'}</label>
            <input
              id="photo-file"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(event) => choose(event.currentTarget.files?.[0])}
            />
          </div>
        </>
      )}
      <p role="status" className="field-hint">
        {message}
      </p>
    </section>
  );
}
