// Writes the prerendered login (ADR 0061) into dist/index.html, after `vite build` and the
// prerender's own build (vite.prerender.config.ts). Shown by CSS only when the route script has
// marked the page as opened on #/login; the app removes it when its own screen is there.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const indexFile = path.join(webRoot, 'dist', 'index.html');
const { renderLoginPrerender, LOGIN_PRERENDER_ID, LOGIN_PRERENDER_CLASS } = await import(
  pathToFileURL(path.join(webRoot, 'dist-prerender', 'login-prerender.mjs')).href
);

const ROOT = '<div id="root"></div>';
const STYLE = `<style>#${LOGIN_PRERENDER_ID}{display:none}html.${LOGIN_PRERENDER_CLASS} #${LOGIN_PRERENDER_ID}{display:block}</style>`;

const count = (text, part) => text.split(part).length - 1;

/**
 * Before the app runs, the form must not submit: a plain form would send the password in the
 * address (GET). The prerender gets a group instead; Enter and the button act once the app is there.
 */
function withoutForm(html) {
  if (count(html, '<form') !== 1 || count(html, '</form>') !== 1)
    throw new Error('prerender-login: expected exactly one <form> in the login screen');
  // A click is replayed by the button's place among the form's buttons (src/lib/login-prerender.ts).
  if (html.split('<form')[0].includes('<button') || html.split('</form>')[1].includes('<button'))
    throw new Error('prerender-login: every button of the login screen must be inside its form');
  return html.replace('<form', '<div').replace('</form>', '</div>');
}

// The app's stylesheet (the plain frame's, ADR 0064), inline: it paints with the HTML, without a
// request that would block the first paint.
const STYLESHEET = /<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/g;
function withInlineStyles(html) {
  const links = [...html.matchAll(STYLESHEET)];
  if (links.length !== 1)
    throw new Error(`prerender-login: expected one stylesheet in index.html, found ${links.length}`);
  const [link, file] = links[0];
  const css = readFileSync(path.join(webRoot, 'dist', file), 'utf8');
  return html.replace(link, () => `<style>${css}</style>`);
}

const html = withInlineStyles(readFileSync(indexFile, 'utf8'));
if (count(html, ROOT) !== 1) throw new Error(`prerender-login: ${indexFile} must contain ${ROOT} once`);
if (html.includes(`id="${LOGIN_PRERENDER_ID}"`)) throw new Error('prerender-login: index.html is already prerendered');
const markup = withoutForm(renderLoginPrerender());
writeFileSync(
  indexFile,
  html.replace('</head>', `${STYLE}</head>`).replace(ROOT, `<div id="${LOGIN_PRERENDER_ID}">${markup}</div>${ROOT}`),
);
console.log(`Login prerendered into index.html: ${(Buffer.byteLength(markup) / 1024).toFixed(1)} KiB of HTML`);
