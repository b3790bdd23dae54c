/**
 * The API contract's schemas for checking answers, loaded once the page is idle (ADR 0078).
 *
 * zod and the answer schemas are about 40 KiB to fetch and tens of milliseconds of main thread to
 * build: before the first screen they delayed its paint, right after it they held up its first
 * taps. So a screen's first answers are used as they came: the API checked each against the same
 * schema before it sent it (its zod serializer), and the page and those answers come from the same
 * deployment. The schemas load `CONTRACT_LOAD_DELAY_MS` later, in idle time, for the answers after
 * that: only a tab left open across a deployment can get an answer its code cannot read.
 *
 * The schemas come in pieces, a `*.contract.ts` module per feature, so a page builds only those
 * of the answers it got, each piece in a task of its own.
 */
import type { ResponseSchema } from './api-client';

/** How long after the first unchecked answer the pieces start loading (in idle time). */
export const CONTRACT_LOAD_DELAY_MS = 10_000;

/** A feature's module of answer schemas (`*.contract.ts`), loaded once. */
export interface ContractPiece<TModule> {
  readonly load: () => Promise<TModule>;
  readonly loaded: () => TModule | undefined;
}

export function contractPiece<TModule>(importPiece: () => Promise<TModule>): ContractPiece<TModule> {
  let module: TModule | undefined;
  let loading: Promise<TModule> | undefined;
  return {
    load: () =>
      (loading ??= importPiece().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          // The next check tries again (a chunk that failed on a flaky connection may load then).
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => module,
  };
}

/** A schema of a contract piece, picked from it once the piece has loaded. */
export class ContractSchema<TSchema extends ResponseSchema> {
  // The piece's module type is erased here, so one `ContractSchema<T>` type holds the schemas of
  // every piece; `contractSchema` checks that the pick fits its piece.
  constructor(
    readonly piece: ContractPiece<unknown>,
    private readonly pickFrom: (module: never) => TSchema,
  ) {}

  /** The schema if its piece has loaded; undefined before. */
  loaded(): TSchema | undefined {
    const module = this.piece.loaded();
    return module === undefined ? undefined : this.pickFrom(module as never);
  }

  async load(): Promise<TSchema> {
    return this.pickFrom((await this.piece.load()) as never);
  }
}

export function contractSchema<TModule, TSchema extends ResponseSchema>(
  piece: ContractPiece<TModule>,
  pick: (module: TModule) => TSchema,
): ContractSchema<TSchema> {
  return new ContractSchema(piece, pick);
}

let checkBeforeUse = false;

/**
 * Checks every answer before it is used, waiting for its piece to load: for unit tests, which
 * expect a broken answer to fail its request (testing/setup-tests.ts). contract.test.ts covers
 * the app's way.
 */
export function checkAnswersBeforeUse(enabled: boolean): void {
  checkBeforeUse = enabled;
}

export function answersAreCheckedBeforeUse(): boolean {
  return checkBeforeUse;
}

const waitingPieces: Array<ContractPiece<unknown>> = [];
let scheduled = false;

/** Loads `piece` once the page has been idle a while: after the delay, one piece per idle period. */
export function loadWhenIdle(piece: ContractPiece<unknown>): void {
  if (piece.loaded() !== undefined || waitingPieces.includes(piece)) return;
  waitingPieces.push(piece);
  if (scheduled) return;
  scheduled = true;
  setTimeout(loadNextWhenIdle, CONTRACT_LOAD_DELAY_MS);
}

function loadNextWhenIdle(): void {
  const piece = waitingPieces.shift();
  if (!piece) {
    scheduled = false;
    return;
  }
  whenIdle(() => {
    // A piece that fails to load (a flaky connection) is asked again by a later answer.
    void piece.load().then(loadNextWhenIdle, loadNextWhenIdle);
  });
}

/** requestIdleCallback where the browser has it (Safari has not), else a task. */
function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 0);
}
