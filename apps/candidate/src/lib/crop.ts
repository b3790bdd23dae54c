/**
 * The square part of a picture the crop sliders choose: `zoom` 1–3 (1 = the largest square that
 * fits), `x` and `y` 0–100 (where the square sits along the free width or height). Pure, so it is
 * tested without a canvas.
 */
export interface Crop {
  zoom: number;
  x: number;
  y: number;
}

export function cropSquare(width: number, height: number, crop: Crop): { sx: number; sy: number; size: number } {
  const zoom = Math.min(3, Math.max(1, crop.zoom));
  const size = Math.min(width, height) / zoom;
  const along = (free: number, percent: number) => (free * Math.min(100, Math.max(0, percent))) / 100;
  return { sx: along(width - size, crop.x), sy: along(height - size, crop.y), size };
}
