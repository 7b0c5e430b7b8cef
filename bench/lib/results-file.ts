/**
 * bench/RESULTS.md holds one section per benchmark script, between marker
 * comments, so the engine and the server benchmark each rewrite only their own.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const RESULTS_FILE = new URL('../RESULTS.md', import.meta.url);

const HEADER =
  '# Benchmark results\n\n' +
  'Written by `npm run bench` (engine), `npm run bench:server` (server) and `npm run bench:cli` (CLI start-up); each run replaces its own section.\n';

export function replaceSection(section: 'engine' | 'server' | 'cli', markdown: string, file: URL = RESULTS_FILE): void {
  const begin = `<!-- ${section}:begin -->`;
  const end = `<!-- ${section}:end -->`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from !== -1 && to > from) {
    text = text.slice(0, from) + block + text.slice(to + end.length);
  } else {
    // The engine section goes first, the server section after it, the CLI section after the server's.
    const serverEnd = text.indexOf('<!-- server:end -->');
    if (section === 'cli' && serverEnd !== -1) {
      const after = serverEnd + '<!-- server:end -->'.length;
      text = `${text.slice(0, after)}\n\n${block}${text.slice(after)}`;
    } else {
      const other = text.indexOf(section === 'engine' ? '<!-- server:begin -->' : '\u0000');
      text = other === -1 ? `${text.trimEnd()}\n\n${block}\n` : `${text.slice(0, other)}${block}\n\n${text.slice(other)}`;
    }
  }
  writeFileSync(file, text);
}
