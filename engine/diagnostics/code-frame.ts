/**
 * The code frame shown under an error by `tmpl` and the development overlay:
 * a few numbered lines around the error's line, a caret under its column.
 * Kept in the engine so every tool prints the same thing.
 */
import { LineIndex } from '../syntax/positions.ts';

export interface CodeFrameOptions {
  /** Lines shown before and after the error's line (default 2). */
  context?: number;
  /** ANSI colours (only for a terminal). */
  color?: boolean;
  /** Characters of a long error line shown around its column (default FRAME_LINE_WIDTH). */
  width?: number;
}

const RED = '\u001b[31m';
const DIM = '\u001b[2m';
const BOLD = '\u001b[1m';
const RESET = '\u001b[0m';

/**
 * Characters of a line a frame shows: a longer error line (a minified template, an inline SVG or
 * data URI) is shown as this window around the column, `…` marking what is cut, so the caret
 * stays on screen and a one-line template does not fill the terminal.
 */
export const FRAME_LINE_WIDTH = 160;

/** The same slice of every line of the frame, so the lines stay aligned under one another. */
function frameWindow(errorLine: string, column: number, width: number): (text: string) => string {
  if (errorLine.length <= width) return (text) => text;
  const start = Math.max(0, Math.min(column - 1 - Math.floor(width / 2), errorLine.length - width));
  const end = start + width;
  // A line that ends before the window still shows that it has text.
  return (text) => `${start > 0 && text.length > 0 ? '…' : ''}${text.slice(start, end)}${text.length > end ? '…' : ''}`;
}

/** The lines around `line` (1-based) of `source`, with a caret under `column`; '' when the line is unknown. */
export function codeFrame(source: string, line: number, column: number, options: CodeFrameOptions = {}): string {
  const lines = new LineIndex(source);
  const total = lines.count();
  if (line < 1 || line > total) return '';
  const context = options.context ?? 2;
  const paint = (code: string, text: string): string => (options.color ? `${code}${text}${RESET}` : text);
  const first = Math.max(1, line - context);
  const last = Math.min(total, line + context);
  const width = String(last).length;
  const crop = frameWindow(lines.lineText(line), column, options.width ?? FRAME_LINE_WIDTH);
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const here = n === line;
    const gutter = `${here ? '>' : ' '} ${String(n).padStart(width)} | `;
    out.push(here ? paint(BOLD, gutter) + crop(lines.lineText(n)) : paint(DIM, gutter) + crop(lines.lineText(n)));
    if (here) {
      // Tabs stay tabs so the caret lines up under the same characters (the window cuts the same ones).
      const shown = crop(lines.lineText(n).slice(0, Math.max(0, column - 1)));
      out.push(paint(DIM, `  ${' '.repeat(width)} | `) + shown.replace(/[^\t]/g, ' ') + paint(RED, '^'));
    }
  }
  return out.join('\n');
}
