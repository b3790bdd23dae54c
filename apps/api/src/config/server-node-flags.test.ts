/** The start script and the bench run the server with the flags ADR 0089 chose, and Node knows them. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-node-flags';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('server node flags', () => {
  it('are what the start script passes to node, before the server entry', () => {
    const scripts = (
      JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.start).toBe(`node --enable-source-maps ${SERVER_NODE_FLAGS.join(' ')} dist/server.js`);
  });

  it('are accepted by this Node (an unknown V8 flag would stop the server from starting)', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      ...SERVER_NODE_FLAGS,
      '-e',
      "process.stdout.write('ok')",
    ]);
    expect(stderr).toBe('');
    expect(stdout).toBe('ok');
  });
});
