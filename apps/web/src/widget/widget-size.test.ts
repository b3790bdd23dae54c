/**
 * The widget's size budget (ADR 0038): the script built exactly as `npm run build` builds it
 * (vite.widget.config.ts) stays under 30 kB raw and gzip, and is one self-contained classic
 * script (no imports, no module syntax) that pulls in neither React nor zod.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

const BUDGET_BYTES = 30_000;
const outDir = mkdtempSync(path.join(os.tmpdir(), 'matchwerk-widget-'));

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

describe('widget/v1.js', () => {
  it('is under 30 kB raw and gzip, a classic script without imports', async () => {
    const webRoot = path.resolve(import.meta.dirname, '../..');
    await build({ root: webRoot, configFile: path.join(webRoot, 'vite.widget.config.ts'), logLevel: 'silent', build: { outDir } });
    const script = readFileSync(path.join(outDir, 'widget/v1.js'));
    const gzip = gzipSync(script, { level: 9 }).length;
    expect(script.length).toBeLessThan(BUDGET_BYTES);
    expect(gzip).toBeLessThan(BUDGET_BYTES);
    const source = script.toString('utf8');
    expect(source).not.toMatch(/^\s*import\s|\bimport\(|export\s/m);
    expect(source).not.toMatch(/react|zod/i);
    expect(source).toContain('Zurzeit keine offenen Stellen.');
  });
});
