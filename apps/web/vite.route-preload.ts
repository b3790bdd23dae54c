import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
// A relative path: the config loader bundles it (the package's own entry is TypeScript source).
import { ROUTE_PRELOAD_SCRIPT, SIDEBAR_MODULES_KEY } from '../../packages/shared/src/route-preload-script';
import { ROUTE_LIST } from '../../packages/shared/src/routes';

/**
 * Which route module (src/app/routes/<name>.route.tsx, as in router.tsx's LAZY_ROUTES) a hash
 * path opens: the exact path, `/<first segment>/*` for paths with a parameter, `/vorschau-*` for
 * every public preview. A module missing from the build fails it.
 */
const HASH_ROUTE_MODULES: Record<string, string> = {
  '/': 'candidates',
  '/login': 'login',
  '/signup': 'login',
  '/authaction': 'authaction',
  '/statistics': 'statistics',
  '/orders': 'orders',
  '/vacancies': 'vacancies',
  '/vacancies/*': 'vacancy-editor',
  '/chat/*': 'chat',
  '/chats': 'chats',
  '/settings': 'settings',
  '/organizations': 'organizations',
  '/organization/*': 'organization',
  '/users': 'users',
  '/help': 'help',
  '/student-statistics': 'student-statistics',
  '/barrierefreiheit': 'accessibility',
  '/vorschau-*': 'external-preview',
};

const ROUTE_MODULE = /src\/app\/routes\/([a-z-]+)\.route\.tsx$/;

/**
 * Lazy modules the app imports before a screen can show, one import after another: the app's
 * frame (MUI, ADR 0064) and the sidebar once the user is known. Not the contract's schemas: they
 * load after the first screen (ADR 0078). Preloaded beside the route's own files (not on the login, which paints from
 * its prerender, shows in the plain frame and must stay small); the sidebar only on routes that
 * need a signed-in user, and by the script only where it shows beside the screen (ADR 0077).
 */
const BOOTSTRAP_MODULES = [/src\/app\/app-frame\.tsx$/];
const SIGNED_IN_MODULES = /src\/app\/polling-sidebar\.tsx$/;
const SIGNED_OUT_FIRST_PAINT = new Set(['/login', '/signup']);

/** Whether every route a table key stands for needs a signed-in user. */
function needsSignIn(key: string): boolean {
  const matches = ROUTE_LIST.filter((route) =>
    key.endsWith('/*') ? route.path.startsWith(key.slice(0, -1)) : route.path === key,
  );
  return matches.length > 0 && matches.every((route) => route.requiresLogin);
}

function isChunk(output: OutputBundle[string] | undefined): output is OutputChunk {
  return output?.type === 'chunk';
}

/** A chunk's file and every file it imports statically, transitively. */
function staticClosure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  const chunk = bundle[fileName];
  if (isChunk(chunk)) for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

/**
 * Writes into index.html the table of the module files each hash route needs beyond the entry's,
 * and the fixed script that preloads those of the route being opened (ADR 0053). Without it a
 * signed-in screen's files start downloading only after the entry has downloaded and run.
 */
export function routePreload(): Plugin {
  return {
    name: 'matchwerk-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(isChunk);
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('route-preload: the build has no entry chunk');
        const loaded = staticClosure(bundle, entry.fileName);
        const moduleFiles = new Map<string, string>();
        const chunkOf = (module: RegExp) => {
          const chunk = chunks.find((candidate) => module.test(candidate.facadeModuleId?.replaceAll('\\', '/') ?? ''));
          if (!chunk) throw new Error(`route-preload: no chunk of its own for ${module.source}`);
          return chunk.fileName;
        };
        const bootstrapFiles = BOOTSTRAP_MODULES.map(chunkOf);
        const signedInFile = chunkOf(SIGNED_IN_MODULES);
        for (const chunk of chunks) {
          const name = chunk.facadeModuleId?.replaceAll('\\', '/').match(ROUTE_MODULE)?.[1];
          if (name) moduleFiles.set(name, chunk.fileName);
        }
        const table: Record<string, string[]> = {};
        for (const [path, name] of Object.entries(HASH_ROUTE_MODULES)) {
          const file = moduleFiles.get(name);
          if (!file) throw new Error(`route-preload: src/app/routes/${name}.route.tsx is not a chunk of its own`);
          const files = staticClosure(bundle, file);
          if (!SIGNED_OUT_FIRST_PAINT.has(path))
            for (const bootstrapFile of bootstrapFiles) staticClosure(bundle, bootstrapFile, files);
          table[path] = [...files].filter((fileName) => !loaded.has(fileName)).map((fileName) => `/${fileName}`);
          if (needsSignIn(path)) table[path].push(SIDEBAR_MODULES_KEY);
        }
        table[SIDEBAR_MODULES_KEY] = [...staticClosure(bundle, signedInFile)]
          .filter((fileName) => !loaded.has(fileName))
          .map((fileName) => `/${fileName}`);
        // `<` cannot occur in file names; escaped anyway so the data can never close its element.
        const json = JSON.stringify(table).replaceAll('<', String.raw`\u003c`);
        const tags = `<script type="application/json" id="route-modules">${json}</script><script>${ROUTE_PRELOAD_SCRIPT}</script>`;
        return html.replace('</head>', `${tags}\n  </head>`);
      },
    },
  };
}
