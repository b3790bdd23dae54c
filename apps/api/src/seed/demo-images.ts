/**
 * Generated demo pictures (no network, no photos of people): soft gradients with simple
 * shapes, rendered from SVG by sharp and stored as WebP like every upload.
 */
import sharp from 'sharp';
import { newStorageKey, type BlobStorage } from '../modules/images/blob-storage';
import type { StoredFile } from '../modules/images/images.service';

const PALETTES: [string, string, string][] = [
  ['#0b5394', '#6fa8dc', '#ffd966'],
  ['#38761d', '#93c47d', '#fff2cc'],
  ['#990000', '#e06666', '#fce5cd'],
  ['#674ea7', '#b4a7d6', '#d9ead3'],
  ['#b45f06', '#f6b26b', '#cfe2f3'],
  ['#134f5c', '#76a5af', '#f4cccc'],
];

function photoSvg(seed: number, width: number, height: number): string {
  const [dark, light, accent] = PALETTES[seed % PALETTES.length]!;
  const cx = 120 + ((seed * 97) % (width - 240));
  const cy = 100 + ((seed * 53) % (height - 200));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${cx}" cy="${cy}" r="${70 + (seed % 5) * 15}" fill="${accent}" opacity="0.85"/>
  <rect x="${width * 0.55}" y="${height * 0.55}" width="${width * 0.3}" height="${height * 0.25}" rx="18" fill="#ffffff" opacity="0.35"/>
  <polygon points="0,${height} ${width * 0.4},${height * 0.6} ${width * 0.8},${height}" fill="${dark}" opacity="0.5"/>
</svg>`;
}

function logoSvg(initials: string, seed: number): string {
  const [dark, , accent] = PALETTES[seed % PALETTES.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" rx="48" fill="${dark}"/>
  <circle cx="200" cy="56" r="28" fill="${accent}"/>
  <text x="128" y="160" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="bold" fill="#ffffff" text-anchor="middle">${initials}</text>
</svg>`;
}

async function render(svg: string, storage: BlobStorage): Promise<StoredFile> {
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 75 }).toBuffer({ resolveWithObject: true });
  const storageKey = newStorageKey('webp');
  await storage.put(storageKey, data, 'image/webp');
  return { storageKey, mimeType: 'image/webp', width: info.width, height: info.height, bytes: data.length };
}

export function renderDemoPhoto(seed: number, storage: BlobStorage): Promise<StoredFile> {
  return render(photoSvg(seed, 960, 640), storage);
}

export function renderDemoLogo(name: string, seed: number, storage: BlobStorage): Promise<StoredFile> {
  const initials = name
    .split(/\s+/)
    .filter((word) => /^[A-ZÄÖÜ]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
  return render(logoSvg(initials || 'M', seed), storage);
}
