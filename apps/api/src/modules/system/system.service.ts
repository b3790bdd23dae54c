import {
  DEGRADED_MESSAGES,
  DEPENDENCY_LABELS,
  type DependencyName,
  type DependencyState,
  type PublicConfig,
  type ReadyResponse,
} from '@matchwerk/shared';

/** How a dependency other than the database is doing right now ('off': not configured). */
export type ReadinessProbe = () => DependencyState | Promise<DependencyState>;

/** The optional dependencies' probes (issue 49 item 2); missing ones report 'off'. */
export interface ReadinessProbes {
  redis?: ReadinessProbe;
  objectStore?: ReadinessProbe;
  mailQueue?: ReadinessProbe;
}

export interface SystemServiceDeps {
  ping: () => Promise<boolean>;
  supportEmail: string;
  demoMailbox: boolean;
  probes?: ReadinessProbes;
}

/** A probe that does not answer within this time counts as degraded (readiness stays quick). */
const PROBE_TIMEOUT_MS = 1000;

async function probe(check: ReadinessProbe | undefined): Promise<DependencyState> {
  if (!check) return 'off';
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(check),
      new Promise<DependencyState>((resolve) => {
        timer = setTimeout(() => resolve('degraded'), PROBE_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return 'degraded';
  } finally {
    clearTimeout(timer);
  }
}

export function createSystemService(deps: SystemServiceDeps) {
  return {
    health: () => ({ status: 'ok' as const }),
    /** Every dependency's state; 'unavailable' only when the database is down (the app cannot serve). */
    async ready(): Promise<ReadyResponse> {
      const [database, redis, objectStore, mailQueue] = await Promise.all([
        deps.ping().then(
          (up): DependencyState => (up ? 'ok' : 'down'),
          (): DependencyState => 'down',
        ),
        probe(deps.probes?.redis),
        probe(deps.probes?.objectStore),
        probe(deps.probes?.mailQueue),
      ]);
      const states: Record<DependencyName, DependencyState> = { database, redis, objectStore, mailQueue };
      const names = Object.keys(states) as DependencyName[];
      const degraded = names.filter((name) => states[name] === 'degraded' || states[name] === 'down');
      return {
        status: database !== 'ok' ? 'unavailable' : degraded.length > 0 ? 'degraded' : 'ok',
        database: database === 'ok',
        dependencies: Object.fromEntries(
          names.map((name) => [name, { state: states[name], label: DEPENDENCY_LABELS[name] }]),
        ) as ReadyResponse['dependencies'],
        degraded: degraded.map((name) => DEGRADED_MESSAGES[name]),
      };
    },
    publicConfig: (): PublicConfig => ({ supportEmail: deps.supportEmail, demoMailbox: deps.demoMailbox }),
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
