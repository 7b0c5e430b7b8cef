import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { main } from '../../engine/cli/main.ts';

export interface CliRun {
  code: number;
  /** stdout: result lines and written text, as the terminal would show them. */
  out: string;
  err: string;
}

/** Runs tmpl in this process, capturing what it prints. */
export async function runCli(argv: string[], options: { signal?: AbortSignal; onErr?: (line: string) => void; color?: boolean; terminal?: boolean } = {}): Promise<CliRun> {
  let out = '';
  let endsWithLine = false;
  const err: string[] = [];
  const code = await main(argv, {
    out: (s) => {
      out += `${s}\n`;
      endsWithLine = true;
    },
    write: (s) => {
      out += s;
      endsWithLine = false;
    },
    err: (s) => {
      err.push(s);
      options.onErr?.(s);
    },
    signal: options.signal,
    color: options.color,
    terminal: options.terminal,
  });
  // Result lines are compared without the last line break; written pages exactly.
  return { code, out: endsWithLine ? out.slice(0, -1) : out, err: err.join('\n') };
}

/** A fresh folder for one test file's inputs; `write` creates a file (and its folders) in it. */
export function scratchFolder(prefix: string): { dir: string; write: (name: string, text: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    write(name, text) {
      const path = join(dir, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      return path;
    },
  };
}
