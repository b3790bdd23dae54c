import { describe, expect, it } from 'vitest';
import { cropSquare } from './crop';

describe('cropSquare', () => {
  it('takes the largest centred square at zoom 1', () => {
    expect(cropSquare(1200, 800, { zoom: 1, x: 50, y: 50 })).toEqual({ sx: 200, sy: 0, size: 800 });
  });

  it('zooms in and moves the square along the free space, clamped to the picture', () => {
    expect(cropSquare(1000, 1000, { zoom: 2, x: 0, y: 100 })).toEqual({ sx: 0, sy: 500, size: 500 });
    const clamped = cropSquare(1000, 1000, { zoom: 9, x: -5, y: 200 });
    expect(clamped.sx).toBe(0);
    expect(clamped.size).toBeCloseTo(1000 / 3);
    expect(clamped.sy + clamped.size).toBeCloseTo(1000);
  });
});
