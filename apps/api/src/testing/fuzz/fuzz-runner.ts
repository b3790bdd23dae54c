/**
 * Runs the schema fuzzer against a built app through app.inject. Property: no request gets a
 * 5xx; every error answer that is JSON carries a German `message` and nothing internal. On a
 * failure fast-check shrinks the request and reports it with the seed to replay.
 */
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FuzzOperation } from './operations';
import { requestArbitrary, type FuzzContext, type FuzzRequest } from './request-arbitrary';

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';
export const STATUS_CLASSES: readonly StatusClass[] = ['2xx', '3xx', '4xx', '5xx'];

export interface FuzzStats {
  requests: number;
  byClass: Record<StatusClass, number>;
  byOperation: Map<string, { requests: number; byClass: Record<StatusClass, number> }>;
}

export interface FuzzRunOptions {
  app: FastifyInstance;
  operations: FuzzOperation[];
  context: FuzzContext;
  /** Headers that make a request come from the actor (Bearer token; anonymous: none). */
  headersFor(actor: string): Record<string, string>;
  /** Called every `refreshEvery` requests, e.g. to give actors whose session a request revoked a new one. */
  refresh?: () => Promise<void>;
  refreshEvery?: number;
  origin: string;
  numRuns: number;
  seed: number;
  stats?: FuzzStats;
  /** Keep going after a bad answer and collect them all (no shrinking); default: stop and shrink. */
  keepGoing?: boolean;
  /** Sees every answer (e.g. to report slow requests). */
  onResponse?: (request: FuzzRequest, response: LightMyRequestResponse, milliseconds: number) => void;
}

export interface FuzzProblem {
  request: FuzzRequest;
  problem: string;
}

export interface FuzzResult {
  stats: FuzzStats;
  seed: number;
  failed: boolean;
  /** The shrunk request and what was wrong with its answer. */
  counterexample?: FuzzRequest;
  problem?: string;
  /** fast-check's path, to replay exactly this case with `{ seed, path }`. */
  path?: string;
  /** With keepGoing: the first bad answers of every operation (up to three each). */
  problems: FuzzProblem[];
}

/** Requests that may end an actor's session or account: the actors get fresh sessions after one succeeds. */
const SESSION_ENDING = /sign-out|revoke|password|change-email|account|DELETE \/rest\/organization\/\{id\}$/;

export function emptyStats(): FuzzStats {
  return { requests: 0, byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }, byOperation: new Map() };
}

const LEAKS: readonly RegExp[] = [
  /"stack"/,
  /\n\s+at [^\n]+:\d+:\d+/,
  /node_modules|\/src\/[\w/-]+\.ts/,
  /\b(select|insert into|update|delete from)\b[^"]{0,200}\b(from|values|set|where)\b/i,
  /violates|constraint "|syntax error|invalid input syntax|invalid byte sequence|relation "|column "|out of range for type/i,
  /pglite|postgres|drizzle|zoderror|\bFST_[A-Z_]+|TypeError|RangeError|SyntaxError|ReferenceError|Cannot read propert|undefined is not/i,
];

/** English words that betray an untranslated library message. */
const ENGLISH =
  /\b(the|is|are|must|should|invalid|expected|required|not found|failed|error|cannot|unexpected|missing|unauthorized|forbidden)\b/i;

function statusClass(status: number): StatusClass {
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  return '2xx';
}

function messagesOf(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const record = body as { message?: unknown; fieldErrors?: unknown };
  const messages = typeof record.message === 'string' ? [record.message] : [];
  if (record.fieldErrors && typeof record.fieldErrors === 'object') {
    for (const value of Object.values(record.fieldErrors)) if (typeof value === 'string') messages.push(value);
  }
  return messages;
}

/** What is wrong with this answer, or null. */
export function problemWith(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `Status ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400) return null;
  const leak = LEAKS.find((pattern) => pattern.test(response.body));
  if (leak) return `Status ${response.statusCode} verrät Interna (${leak}): ${response.body.slice(0, 300)}`;
  const type = String(response.headers['content-type'] ?? '');
  if (!type.includes('json')) return null;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `Status ${response.statusCode}: kein gültiges JSON: ${response.body.slice(0, 200)}`;
  }
  const messages = messagesOf(body);
  if (messages.length === 0) return `Status ${response.statusCode} ohne "message": ${response.body.slice(0, 200)}`;
  const english = messages.find((message) => ENGLISH.test(message) || !/[a-zäöüß]/i.test(message));
  if (english !== undefined)
    return `Status ${response.statusCode} mit nicht-deutscher Meldung: ${english.slice(0, 200)}`;
  return null;
}

function count(stats: FuzzStats, operation: string, status: number): void {
  const cls = statusClass(status);
  stats.requests += 1;
  stats.byClass[cls] += 1;
  let entry = stats.byOperation.get(operation);
  if (!entry) {
    entry = { requests: 0, byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 } };
    stats.byOperation.set(operation, entry);
  }
  entry.requests += 1;
  entry.byClass[cls] += 1;
}

export async function sendFuzzRequest(
  options: Pick<FuzzRunOptions, 'app' | 'headersFor' | 'origin'>,
  request: FuzzRequest,
): Promise<LightMyRequestResponse> {
  const actor = request.actor.replace(/\+kaputt$/, '');
  return options.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { origin: options.origin, ...options.headersFor(actor), ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

export async function runFuzz(options: FuzzRunOptions): Promise<FuzzResult> {
  const stats = options.stats ?? emptyStats();
  const refreshEvery = options.refreshEvery ?? 100;
  const arbitrary = fc.oneof(...options.operations.map((operation) => requestArbitrary(operation, options.context)));
  let lastProblem: string | undefined;
  let sinceRefresh = 0;
  const problems: FuzzProblem[] = [];
  const property = fc.asyncProperty(arbitrary, async (request) => {
    if (options.refresh && ++sinceRefresh >= refreshEvery) {
      sinceRefresh = 0;
      await options.refresh();
    }
    if (process.env.FUZZ_TRACE) console.log('→', JSON.stringify(request, shortened).slice(0, 1500));
    const started = performance.now();
    const response = await sendFuzzRequest(options, request);
    options.onResponse?.(request, response, performance.now() - started);
    if (options.refresh && response.statusCode < 300 && SESSION_ENDING.test(request.operation)) {
      sinceRefresh = 0;
      await options.refresh();
    }
    count(stats, request.operation, response.statusCode);
    const problem = problemWith(response);
    if (problem) lastProblem = problem;
    if (problem && options.keepGoing) {
      if (problems.filter((known) => known.request.operation === request.operation).length < 3)
        problems.push({ request, problem });
      return true;
    }
    return problem === null;
  });
  const details = await fc.check(property, { numRuns: options.numRuns, seed: options.seed });
  if (!details.failed) return { stats, seed: details.seed, failed: problems.length > 0, problems };
  const counterexample = details.counterexample?.[0];
  return {
    stats,
    seed: details.seed,
    failed: true,
    counterexample,
    // After shrinking the last checked case is not always the counterexample: re-send it once.
    problem: counterexample
      ? (problemWith(await sendFuzzRequest(options, counterexample)) ?? lastProblem)
      : (lastProblem ?? String(details.errorInstance)),
    path: details.counterexample ? (details.counterexamplePath ?? undefined) : undefined,
    problems,
  };
}

function shortened(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'Buffer') {
    const bytes = Buffer.from((value as { data: number[] }).data);
    return bytes.length > 300 ? `<${bytes.length} Bytes>` : bytes.toString('latin1');
  }
  return typeof value === 'string' && value.length > 300 ? `${value.slice(0, 300)}…(${value.length} Zeichen)` : value;
}

/** A readable table: totals by status class, and every operation with its 5xx count. */
export function formatSummary(result: FuzzResult): string {
  const { stats } = result;
  const lines = [
    `Fuzzer: ${stats.requests} Anfragen, Seed ${result.seed}`,
    STATUS_CLASSES.map((cls) => `${cls}: ${stats.byClass[cls]}`).join('   '),
    '',
    `${'Operation'.padEnd(60)} ${'Anfragen'.padStart(8)} ${'2xx'.padStart(6)} ${'4xx'.padStart(6)} ${'5xx'.padStart(5)}`,
  ];
  for (const [operation, entry] of [...stats.byOperation.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(
      `${operation.slice(0, 60).padEnd(60)} ${String(entry.requests).padStart(8)} ${String(entry.byClass['2xx']).padStart(6)} ${String(entry.byClass['4xx']).padStart(6)} ${String(entry.byClass['5xx']).padStart(5)}`,
    );
  }
  for (const { request, problem } of result.problems)
    lines.push('', `FEHLER: ${problem}`, `Anfrage: ${JSON.stringify(request, shortened)}`);
  if (result.failed && result.counterexample) {
    lines.push(
      '',
      `FEHLER: ${result.problem ?? 'unbekannt'}`,
      `Gekürzte Anfrage: ${JSON.stringify(result.counterexample, shortened)}`,
      `Wiederholen mit Seed ${result.seed}${result.path ? `, Pfad ${result.path}` : ''}`,
    );
  }
  return lines.join('\n');
}
