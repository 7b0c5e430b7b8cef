import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The server's logger: JSON lines in production (for log collectors); in development readable
 * lines through pino-pretty, a development dependency loaded only then, so a production install
 * (without dev dependencies) never needs it.
 */
export function createLogger(options: { level: string; dev: boolean }): Logger {
  if (!options.dev || options.level === 'silent') return pino({ level: options.level });
  const pretty = createRequire(import.meta.url)('pino-pretty') as (settings: object) => DestinationStream;
  // One line per entry, its fields after the message; time of day is enough while developing.
  return pino({ level: options.level }, pretty({ colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true }));
}
