import type { PublicConfig } from '@matchwerk/shared';

export interface SystemServiceDeps {
  ping: () => Promise<boolean>;
  supportEmail: string;
  demoMailbox: boolean;
}

export function createSystemService(deps: SystemServiceDeps) {
  return {
    health: () => ({ status: 'ok' as const }),
    async ready(): Promise<{ status: 'ok' | 'unavailable'; database: boolean }> {
      const database = await deps.ping();
      return { status: database ? 'ok' : 'unavailable', database };
    },
    publicConfig: (): PublicConfig => ({ supportEmail: deps.supportEmail, demoMailbox: deps.demoMailbox }),
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
