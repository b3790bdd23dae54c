/** What the EXPLAIN scripts share: run a case twice (warm, then measured), then EXPLAIN ANALYZE each query it sent. */
import type pg from 'pg';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

export async function explainCase(
  pool: pg.Pool,
  captured: CapturedQuery[],
  label: string,
  run: () => Promise<unknown>,
): Promise<void> {
  await run(); // warm
  captured.length = 0;
  const started = performance.now();
  await run();
  console.log(`\n=== ${label}: ${(performance.now() - started).toFixed(1)} ms for ${captured.length} queries`);
  for (const query of [...captured]) {
    const plan = await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off) ${query.sql}`,
      query.params,
    );
    const lines = plan.rows.map((row) => row['QUERY PLAN']);
    const total = lines.find((line) => line.startsWith('Execution Time')) ?? '';
    const planning = lines.find((line) => line.startsWith('Planning Time')) ?? '';
    console.log(`--- ${query.sql.slice(0, 160).replace(/\s+/g, ' ')}…  [${planning}; ${total}]`);
    if (process.env.EXPLAIN_FULL) console.log(lines.join('\n'));
  }
}
