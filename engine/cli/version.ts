/**
 * The package version `tmpl --version` prints. The build writes it into the
 * bundle (so the built CLI reads no file for it); from the sources it is read
 * from package.json.
 */
import { readFileSync } from 'node:fs';

declare const __TMPL_VERSION__: string | undefined;

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export function cliVersion(): string {
  return typeof __TMPL_VERSION__ === 'string' ? __TMPL_VERSION__ : packageVersion();
}
