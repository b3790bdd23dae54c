/**
 * Starts the app on a fresh embedded database with the demo data for profiling and prints a
 * Bearer token of firma@. With PROFILE_FILE the CPU profile covers only the time after start-up
 * (seeding and migrations left out) and is written there on SIGINT/SIGTERM:
 *   PROFILE_FILE=/tmp/health.cpuprofile node --import tsx bench/profile-server.ts
 * PROFILE_INTERVAL_US sets the sampling interval (default 1000 µs). BENCH_LOG_LEVEL logs as
 * production does at that level (to /dev/null); without it the app logs nothing.
 */
import { createWriteStream, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { buildApp, productionLoggerOptions } from '../src/app';
import { openDatabase } from '../src/db/client';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/demo-data';
import { BENCH_PUBLIC_URL, benchAppDeps } from './bench-app';

const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { kind: 'pg', url } : { kind: 'pglite' });
await database.migrate();
if (!url) await seedDemoData(database.db);
const publicUrl = BENCH_PUBLIC_URL;
const logLevel = process.env.BENCH_LOG_LEVEL;
const { app } = await buildApp({
  ...benchAppDeps(database),
  ...(logLevel ? { logger: { ...productionLoggerOptions(logLevel), stream: createWriteStream('/dev/null') } } : {}),
});
const appUrl = await app.listen({ port: Number(process.env.PORT ?? 4555), host: '127.0.0.1' });
const response = await fetch(`${appUrl}/rest/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: publicUrl },
  body: JSON.stringify({ email: 'firma@matchwerk.example', password: DEMO_PASSWORD }),
});
const { token } = (await response.json()) as { token: string };
const profileFile = process.env.PROFILE_FILE;
const profiler = profileFile ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: Number(process.env.PROFILE_INTERVAL_US ?? 1000) });
  await profiler.post('Profiler.start');
}
console.log(`READY ${appUrl} ${token}`);
const stop = async () => {
  if (profiler && profileFile)
    writeFileSync(profileFile, JSON.stringify((await profiler.post('Profiler.stop')).profile));
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
