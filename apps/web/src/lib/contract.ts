/**
 * The API contract's schemas for checking answers, loaded after the first screen (ADR 0078).
 *
 * zod and the answer schemas are about 40 KiB that a phone would otherwise fetch before it can
 * paint the first screen. An answer that arrives before they have loaded is used as it came (the
 * page and the API it called come from the same deployment) and checked once they are there. A
 * late check that fails refetches the queries (lib/query-client.ts); the refetch, checked at once
 * now, fails as any contract mismatch does.
 */
import type { ResponseSchema } from './api-client';
import type * as ContractModule from './contract-schemas';

type Contract = typeof ContractModule;

/**
 * How long after the first answer that waits for its check the schemas start loading: after the
 * first screen has painted on a slow phone, not competing with its scripts (ADR 0078).
 */
export const CONTRACT_LOAD_DELAY_MS = 1000;

let contract: Contract | undefined;
let loading: Promise<Contract> | undefined;
let scheduled: ReturnType<typeof setTimeout> | undefined;
const waitingChecks: Array<(loaded: Contract) => void> = [];

/** Loads the schemas now (if not loaded yet); waiting checks run when they are there. */
export function loadContract(): Promise<Contract> {
  if (scheduled !== undefined) clearTimeout(scheduled);
  loading ??= import('./contract-schemas').then(
    (module) => {
      contract = module;
      for (const check of waitingChecks.splice(0)) check(module);
      return module;
    },
    (error: unknown) => {
      // A later answer tries again (a chunk that failed on a flaky connection may load next time).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** A schema of the contract, picked from it once it has loaded. */
export class ContractSchema<TSchema extends ResponseSchema> {
  constructor(readonly pickFrom: (loaded: Contract) => TSchema) {}
}

export function contractSchema<TSchema extends ResponseSchema>(
  pickFrom: (loaded: Contract) => TSchema,
): ContractSchema<TSchema> {
  return new ContractSchema(pickFrom);
}

/** The schema if the contract has loaded; undefined before. */
export function loadedSchema<TSchema extends ResponseSchema>(schema: ContractSchema<TSchema>): TSchema | undefined {
  return contract ? schema.pickFrom(contract) : undefined;
}

/** Runs `check` with the schema once the contract has loaded, which starts after a short delay. */
export function checkWhenLoaded<TSchema extends ResponseSchema>(
  schema: ContractSchema<TSchema>,
  check: (loaded: TSchema) => void,
): void {
  waitingChecks.push((loaded) => check(schema.pickFrom(loaded)));
  if (loading === undefined && scheduled === undefined)
    scheduled = setTimeout(() => void loadContract().catch(reportLateContractError), CONTRACT_LOAD_DELAY_MS);
}

let lateErrorHandler: (error: unknown) => void = (error) => console.error(error);

/** Who hears of an answer that failed its check after it was used (the query client). */
export function onLateContractError(handler: (error: unknown) => void): void {
  lateErrorHandler = handler;
}

export function reportLateContractError(error: unknown): void {
  lateErrorHandler(error);
}
