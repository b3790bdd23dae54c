/**
 * Vitest global setup: migrates and seeds ONE template database per run (PGlite dump, and a
 * PostgreSQL template database when TEST_DATABASE_URL is set); test files copy it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { createDiskBlobStorage } from '../modules/images/blob-storage';
import { seedDemoData } from '../seed/demo-data';
import { databaseUrlFor, dropDatabase, randomDatabaseName, withAdminClient } from './template';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'matchwerk-test-'));
  // The seeded demo images: each test app copies this folder (PGlite and PostgreSQL templates
  // both store their seeded files into this one folder).
  const uploadsTemplate = path.join(dir, 'uploads');
  const blobStorage = createDiskBlobStorage(uploadsTemplate);
  project.provide('uploadsTemplatePath', uploadsTemplate);
  const pglite = await openDatabase({ kind: 'pglite' });
  await pglite.migrate();
  await seedDemoData(pglite.db, { blobStorage });
  const dump = await pglite.pglite!.dumpDataDir('none');
  const templatePath = path.join(dir, 'template.tar');
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplatePath', templatePath);

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (serverUrl) {
    template = randomDatabaseName('mw_tpl');
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${template}"`));
    const handle = await openDatabase({ kind: 'pg', url: databaseUrlFor(serverUrl, template) });
    await handle.migrate();
    await seedDemoData(handle.db, { blobStorage });
    await handle.close();
    project.provide('pgTemplate', { url: serverUrl, template });
  } else {
    project.provide('pgTemplate', null);
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (serverUrl && template) await dropDatabase(serverUrl, template);
  };
}
