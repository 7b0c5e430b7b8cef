/**
 * Reads the production server's unit-test data files of the shared
 * conformance corpus (when it is checked out beside this repository): named
 * sections `:name` followed by a JSON value.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CORPUS = fileURLToPath(new URL('../../../../../shared/conformance/plugins/platform/', import.meta.url));

/** Sections of a data file by name, or undefined when the corpus is not present. */
export function loadJavaTestData(file: string): Map<string, unknown> | undefined {
  const path = CORPUS + file;
  if (!existsSync(path)) return undefined;
  const sections = new Map<string, unknown>();
  let name: string | undefined;
  let lines: string[] = [];
  const flush = () => {
    if (name !== undefined) sections.set(name, JSON.parse(lines.join('\n')));
  };
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const header = /^:(\S+)\s*$/.exec(line);
    if (header) {
      flush();
      name = header[1];
      lines = [];
    } else {
      lines.push(line);
    }
  }
  flush();
  return sections;
}
