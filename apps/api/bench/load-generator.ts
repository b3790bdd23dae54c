/**
 * The bench's load generator, run as a process of its own (bench/run.ts starts one per
 * measurement): autocannon sharing the server's event loop slowed the server and skewed every
 * ratio (idle poll 0.315 in-process against 0.835 separate, issue #12). Reads one job as JSON
 * from argv[2], prints one result as JSON on stdout.
 * autocannon reports no p95: every response time is collected and the percentiles computed here.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { FRESH_UUID, type LoadJob, type LoadResult } from './load-job';

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function run(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const tokens = job.tokensFile ? readFileSync(job.tokensFile, 'utf8').split('\n').filter(Boolean) : [];
    let next = 0;
    const freshIds = job.body?.includes(FRESH_UUID) ?? false;
    const rotating = (tokens.length > 0 || freshIds) && {
      requests: [
        {
          setupRequest: (request: autocannon.Request): autocannon.Request => ({
            ...request,
            ...(freshIds && job.body ? { body: job.body.replaceAll(FRESH_UUID, crypto.randomUUID()) } : {}),
            headers:
              tokens.length > 0
                ? { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` }
                : request.headers,
          }),
        },
      ],
    };
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.seconds,
        method: job.method,
        headers: job.headers,
        body: job.body,
        ...(job.overallRate ? { overallRate: job.overallRate } : {}),
        ...(rotating || {}),
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        times.sort((a, b) => a - b);
        resolve({
          rps: result.requests.average,
          p95: percentile(times, 0.95),
          p99: percentile(times, 0.99),
          errors: result.errors,
          non2xx: result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

const job = JSON.parse(process.argv[2] ?? '') as LoadJob;
process.stdout.write(JSON.stringify(await run(job)));
