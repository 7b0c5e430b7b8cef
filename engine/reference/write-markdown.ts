/**
 * `npm run docs`: writes engine/REFERENCE.md from the reference records.
 * With `--check` it writes nothing and exits 1 when the file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { referenceMarkdown } from './markdown.ts';

export const REFERENCE_FILE = fileURLToPath(new URL('../REFERENCE.md', import.meta.url));

function current(): string {
  try {
    return readFileSync(REFERENCE_FILE, 'utf8');
  } catch {
    return '';
  }
}

const markdown = referenceMarkdown();
if (process.argv.includes('--check')) {
  const fresh = current() === markdown;
  console.log(fresh ? 'engine/REFERENCE.md is up to date' : 'engine/REFERENCE.md is stale: run npm run docs');
  process.exitCode = fresh ? 0 : 1;
} else {
  writeFileSync(REFERENCE_FILE, markdown);
  console.log('wrote engine/REFERENCE.md');
}
