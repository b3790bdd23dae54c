import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../apps/api/src/config/server-node-flags';
import { e2eEnv } from './e2e-env';

/**
 * The API as `npm start` runs it: the compiled build (apps/api/dist/server.js, made by
 * `npm run test:e2e`'s build step) with the start script's Node flags, so the browser tests run
 * what users get, not TypeScript through tsx.
 */
export function spawnServer(env: NodeJS.ProcessEnv, stdio: SpawnOptions['stdio']): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', ...SERVER_NODE_FLAGS, 'apps/api/dist/server.js'], {
    cwd: e2eEnv.repoRoot,
    env,
    stdio,
  });
}
