import { describe, expect, it } from 'vitest';
import { canRender, encodeSteps, fitInside, hasTransparency } from './image-render';

describe('fitInside', () => {
  it('shrinks to the longest edge and keeps the proportions', () => {
    expect(fitInside(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitInside(3000, 4000, 2000)).toEqual({ width: 1500, height: 2000 });
  });

  it('never enlarges and never reaches zero', () => {
    expect(fitInside(800, 600, 2000)).toEqual({ width: 800, height: 600 });
    expect(fitInside(10_000, 1, 2000)).toEqual({ width: 2000, height: 1 });
  });
});

describe('encodeSteps', () => {
  it('tries the qualities at full size first, then smaller sizes', () => {
    const steps = encodeSteps(4000, 2250, 2000);
    expect(steps.slice(0, 4)).toEqual([
      { width: 2000, height: 1125, quality: 0.85 },
      { width: 2000, height: 1125, quality: 0.72 },
      { width: 2000, height: 1125, quality: 0.6 },
      { width: 1500, height: 844, quality: 0.85 },
    ]);
    expect(steps).toHaveLength(15);
    expect(steps.at(-1)).toMatchObject({ width: 633, quality: 0.6 });
  });

  it('stops shrinking at the smallest edge', () => {
    expect(encodeSteps(20, 20, 2000).every((step) => step.width >= 15)).toBe(true);
  });
});

describe('canRender', () => {
  it('needs createImageBitmap and OffscreenCanvas', () => {
    expect(canRender({})).toBe(false);
    expect(canRender({ createImageBitmap: () => undefined, OffscreenCanvas: class {} })).toBe(true);
  });
});

describe('hasTransparency', () => {
  it('looks at the alpha of every pixel', () => {
    expect(hasTransparency(new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 255]))).toBe(false);
    expect(hasTransparency(new Uint8ClampedArray([1, 2, 3, 255, 4, 5, 6, 254]))).toBe(true);
  });
});
