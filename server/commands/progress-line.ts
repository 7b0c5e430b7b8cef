/**
 * A progress line for a store command's long work: written over itself on stderr, and only on a
 * terminal and once the work has taken a second, so a small copy (and any log or pipe) keeps the
 * command's one line and nothing else.
 */
import { fillMessage } from '../messages.ts';

/** How long the work runs before progress is shown, and how often the line is written after. */
const SHOW_AFTER_MS = 1000;
const REWRITE_EVERY_MS = 200;

export interface ProgressLine {
  report: (done: number, total: number) => void;
  /** Clears the line, so the command's own line starts at the left on a clean row. */
  end: () => void;
}

export function progressLine(message: string, stream: NodeJS.WriteStream = process.stderr, now: () => number = Date.now): ProgressLine {
  const started = now();
  let lastWritten = 0;
  let shown = false;
  return {
    report(done, total) {
      if (!stream.isTTY) return;
      const time = now();
      if (time - started < SHOW_AFTER_MS || time - lastWritten < REWRITE_EVERY_MS) return;
      lastWritten = time;
      shown = true;
      stream.write(`\r${fillMessage(message, { done, total })}\u001b[K`);
    },
    end() {
      if (shown) stream.write('\r\u001b[K');
    },
  };
}
