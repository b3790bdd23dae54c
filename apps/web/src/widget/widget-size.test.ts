/**
 * The widget's size budget (ADR 0038): the script built exactly as `npm run build` builds it
 * (vite.widget.config.ts, here in memory) stays under 30 kB raw and gzip, and is one
 * self-contained classic script (no imports, no module syntax) that pulls in neither React nor zod.
 * `scripts/check-widget-size.mjs` checks the real build output the same way.
 */
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

const BUDGET_BYTES = 30_000;

async function gzipSize(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const stream = new Response(bytes).body!.pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

describe('widget/v1.js', () => {
  it('is under 30 kB raw and gzip, a classic script without imports', async () => {
    const webRoot = `${import.meta.dirname}/../../`;
    const result = await build({
      root: webRoot,
      configFile: `${webRoot}vite.widget.config.ts`,
      logLevel: 'silent',
      build: { write: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === 'chunk');
    expect(chunks.map((chunk) => chunk.fileName)).toEqual(['widget/v1.js']);
    const source = chunks[0]!.code;
    const raw = new TextEncoder().encode(source);
    expect(raw.length).toBeLessThan(BUDGET_BYTES);
    expect(await gzipSize(raw)).toBeLessThan(BUDGET_BYTES);
    expect(source).not.toMatch(/^\s*import\s|\bimport\(|\bexport\s/m);
    expect(source).not.toMatch(/react|zod/i);
    expect(source).toContain('Zurzeit keine offenen Stellen.');
  });
});
