// Where a signed-in screen's cold load spends the browser's main thread, by source (issue #12):
// Chromium at 412 px with V8's sampler at 100 µs, a new context per load (nothing cached), until
// the screen's first item shows. Each sample goes to the package or app folder of its frame, through
// the build's source maps; a sample in native code goes to its caller. docs/performance.md holds
// the tables made with it.
//
//   npx vite build --sourcemap --outDir /tmp/dist-map     (in apps/web: the maps name the sources)
//   WEB_DIST=/tmp/dist-map npm run bench:first-paint
//
// PROFILE_PAGE=vacancies (default) or chat; PROFILE_LOADS (default 5); PROFILE_CALLERS=zod also
// lists, for that source's samples, the app module that called into it (or the chunk being
// evaluated when no app frame is above them).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';
import { freePort, repoRoot, signInDemoEmployer, startDemoServer } from './demo-server.mjs';

const webDist = path.resolve(process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
const loads = Number(process.env.PROFILE_LOADS ?? 5);
const page = process.env.PROFILE_PAGE ?? 'vacancies';
const callersOf = process.env.PROFILE_CALLERS;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The element that shows the screen's first item: a posting card, a message. */
const FIRST_ITEM = { vacancies: '.MuiCardActionArea-root', chat: '[role="log"] li' };
if (!FIRST_ITEM[page]) throw new Error(`PROFILE_PAGE must be vacancies or chat, not "${page}".`);

async function signIn(baseUrl) {
  const { cookies, applicantId } = await signInDemoEmployer(baseUrl);
  const forContext = cookies.map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: '127.0.0.1', path: '/' };
  });
  const address = page === 'vacancies' ? `${baseUrl}/#/vacancies` : `${baseUrl}/#/chat/${applicantId}`;
  return { cookies: forContext, address };
}

const maps = new Map();
function sourceMapOf(url) {
  if (!maps.has(url)) {
    const file = path.join(webDist, new URL(url).pathname + '.map');
    maps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  return maps.get(url);
}

function originalSource(frame) {
  const map = sourceMapOf(frame.url);
  if (!map) return undefined;
  return originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
}

/** A frame's package (`zod`, `@mui/material`), app folder (`app features/vacancies`) or chunk. */
function sourceOf(frame) {
  if (!frame.url) return undefined;
  if (!frame.url.includes('/assets/')) return "index.html's inline script";
  const chunk = path.basename(new URL(frame.url).pathname);
  const original = originalSource(frame)?.source;
  if (!original) return `${chunk} (unmapped)`;
  const packagePath = original.split('node_modules/').at(-1);
  if (packagePath !== original) {
    const [scope, name] = packagePath.split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (original.includes('packages/shared/')) return '@matchwerk/shared';
  const [, appPath = original] = original.split('apps/web/src/');
  return `app ${appPath.split('/').slice(0, 2).join('/')}`;
}

/** The app module that called into a package, or else the chunk being evaluated. */
function callerOf(nodeId, byId, parentOf) {
  let outermost = 'unknown';
  for (let id = nodeId; id !== undefined; id = parentOf.get(id)) {
    const frame = byId.get(id).callFrame;
    if (!frame.url) continue;
    const original = frame.url.includes('/assets/') ? originalSource(frame) : undefined;
    if (original?.source && !original.source.includes('node_modules/'))
      return original.source.replace(/^.*?(apps\/web\/src|packages\/shared\/src)\//, '$1/');
    outermost = `evaluating ${path.basename(new URL(frame.url).pathname)}`;
  }
  return outermost;
}

/** Milliseconds per source (and per caller of PROFILE_CALLERS) of one V8 CPU profile. */
function chargeProfile(profile, totals, callers) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const labels = new Map();
  const labelOf = (id) => {
    if (!labels.has(id)) {
      const { callFrame } = byId.get(id);
      const name = callFrame.functionName;
      let label;
      if (name === '(idle)') label = 'idle';
      else if (name === '(garbage collector)') label = 'GC';
      else if (name === '(program)') label = "browser's own work (parse, compile, style, layout)";
      else label = sourceOf(callFrame) ?? (parentOf.has(id) ? labelOf(parentOf.get(id)) : `native ${name}`);
      labels.set(id, label);
    }
    return labels.get(id);
  };
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const label = labelOf(id);
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (label === 'idle') return;
    busy += ms;
    totals.set(label, (totals.get(label) ?? 0) + ms);
    if (label === callersOf) {
      const caller = callerOf(id, byId, parentOf);
      callers.set(caller, (callers.get(caller) ?? 0) + ms);
    }
  });
  return busy;
}

const { appUrl: baseUrl, stop } = await startDemoServer({ webDist, port: await freePort() });
const browser = await chromium.launch({ executablePath: chromePath });
try {
  const { cookies, address } = await signIn(baseUrl);
  const totals = new Map();
  const callers = new Map();
  const busy = [];
  for (let load = 0; load < loads; load++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addCookies(cookies);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await tab.goto(address);
    await tab.waitForSelector(FIRST_ITEM[page], { timeout: 30_000 });
    const { profile } = await cdp.send('Profiler.stop');
    busy.push(chargeProfile(profile, totals, callers));
    await context.close();
  }
  console.log(`${page}: ${loads} cold loads from ${webDist}, busy ms per load: ${busy.map(Math.round).join(', ')}`);
  console.log('| Source | ms per load |\n| --- | --- |');
  const table = (entries) =>
    [...entries]
      .filter(([, ms]) => ms / loads >= 1)
      .sort((a, b) => b[1] - a[1])
      .forEach(([label, ms]) => console.log(`| ${label} | ${(ms / loads).toFixed(1)} |`));
  table(totals);
  if (callersOf) {
    console.log(`\n| ${callersOf}, called from | ms per load |\n| --- | --- |`);
    table(callers);
  }
} finally {
  await browser.close();
  await stop();
}
