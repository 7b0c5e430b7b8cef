import type { AppOptions } from './deps.ts';

export interface ServerConfig {
  port: number;
  host: string;
  options: AppOptions;
}

function readPort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

/** Reads the server settings from environment variables, with the documented defaults. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: readPort(env.PORT),
    host: env.HOST ?? '0.0.0.0',
    options: {
      databasePath: env.DATABASE_PATH ?? 'data/store.db',
      seed: env.SEED !== 'false',
      dev: env.NODE_ENV === 'development',
      ownerPassword: env.OWNER_PASSWORD || undefined,
      trustProxy: env.TRUST_PROXY === 'true',
      logLevel: env.LOG_LEVEL ?? 'info',
    },
  };
}
