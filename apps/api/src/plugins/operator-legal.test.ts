import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerOperatorLegalTexts } from './operator-legal';

describe('registerOperatorLegalTexts (ADR 0114)', () => {
  it("answers the imprint's and privacy statement's paths with the operator's files; unset ones are not routed", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'matchwerk-legal-'));
    const imprint = path.join(dir, 'impressum.html');
    writeFileSync(
      imprint,
      '<!doctype html><html lang="de"><title>Impressum</title><p>Landratsamt Musterkreis</p></html>',
    );
    const app = Fastify();
    registerOperatorLegalTexts(app, { imprint, privacy: undefined });
    const response = await app.inject({ method: 'GET', url: '/legal/impressum.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Landratsamt Musterkreis');
    // Without PRIVACY_FILE the static placeholder answers (not this plugin).
    expect((await app.inject({ method: 'GET', url: '/legal/datenschutz.html' })).statusCode).toBe(404);
    await app.close();
  });
});
