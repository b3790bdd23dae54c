// Fails the build when the job widget's script (dist/widget/v1.js) is over its budget: 30 kB raw
// and 30 kB gzip (level 9). It loads on other companies' websites, so it stays small (ADR 0038).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const WIDGET_BUDGET_BYTES = 30_000;

// The build folder: apps/web/dist unless given.
const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));
const content = readFileSync(path.join(dist, 'widget/v1.js'));
const gzip = gzipSync(content, { level: 9 }).length;
console.log(
  `Job widget: ${(content.length / 1000).toFixed(1)} kB raw, ${(gzip / 1000).toFixed(1)} kB gzip (budget ${WIDGET_BUDGET_BYTES / 1000} kB each)`,
);
if (content.length > WIDGET_BUDGET_BYTES || gzip > WIDGET_BUDGET_BYTES) {
  console.error('The job widget is over its budget: drop something before raising it.');
  process.exit(1);
}
