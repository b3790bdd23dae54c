import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
// A relative path: the config loader bundles it (the package's own entry is TypeScript source).
import { ROUTE_PRELOAD_SCRIPT } from '../../packages/shared/src/route-preload-script';

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
        for (const chunk of chunks) {
          const name = chunk.facadeModuleId?.replaceAll('\\', '/').match(ROUTE_MODULE)?.[1];
          if (name) moduleFiles.set(name, chunk.fileName);
        }
        const table: Record<string, string[]> = {};
        for (const [path, name] of Object.entries(HASH_ROUTE_MODULES)) {
          const file = moduleFiles.get(name);
          if (!file) throw new Error(`route-preload: src/app/routes/${name}.route.tsx is not a chunk of its own`);
          table[path] = [...staticClosure(bundle, file)]
            .filter((fileName) => !loaded.has(fileName))
            .map((fileName) => `/${fileName}`);
        }
        // `<` cannot occur in file names; escaped anyway so the data can never close its element.
        const json = JSON.stringify(table).replaceAll('<', String.raw`\u003c`);
        const tags = `<script type="application/json" id="route-modules">${json}</script><script>${ROUTE_PRELOAD_SCRIPT}</script>`;
        return html.replace('</head>', `${tags}\n  </head>`);
      },
    },
  };
}
