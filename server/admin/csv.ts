import type { Response } from 'express';

/**
 * One CSV field: quoted when it holds a separator, quote or line break; a field a spreadsheet
 * would run as a formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV lines, each ended by CRLF. */
function csvLines(rows: ReadonlyArray<readonly unknown[]>): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

export function csvText(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return csvLines([header, ...rows]);
}

/** Resolves once the response takes more, or is closed (the owner left the download). */
function writable(res: Response): Promise<void> {
  return new Promise((resolve) => {
    // a download left before this write was tried never drains and has already said 'close'
    if (res.destroyed) {
      resolve();
      return;
    }
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Sends a CSV download named `name` as its rows are read, a batch at a time, so a large export
 * holds one batch in memory rather than the whole file. A read that fails once the download has
 * begun ends the connection, so the file fails rather than looking complete; a download the
 * owner leaves stops the reads.
 */
export async function streamCsv(res: Response, name: string, header: readonly string[], batches: AsyncIterable<ReadonlyArray<readonly unknown[]>>): Promise<void> {
  let started = false;
  for await (const rows of batches) {
    // nothing is sent before the first batch is read, so a read that fails at once is answered as an error
    if (!started) {
      res.set('Content-Disposition', `attachment; filename="${name}"`);
      res.set('Cache-Control', 'no-store');
      res.type('text/csv; charset=utf-8');
    }
    const ready = res.write((started ? '' : csvText(header, [])) + csvLines(rows));
    started = true;
    if (!ready) await writable(res);
    if (res.destroyed) return;
  }
  if (started) res.end();
  else sendCsvText(res, name, csvText(header, []));
}

/** Sends a CSV download named `name`. */
export function sendCsv(res: Response, name: string, header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): void {
  sendCsvText(res, name, csvText(header, rows));
}

/** Sends CSV text already made as a download named `name`. */
export function sendCsvText(res: Response, name: string, text: string): void {
  res.set('Content-Disposition', `attachment; filename="${name}"`);
  res.set('Cache-Control', 'no-store');
  res.type('text/csv; charset=utf-8').send(text);
}

/** An ISO date for exports. */
export function isoTime(epochMs: number | null): string {
  return epochMs === null ? '' : new Date(epochMs).toISOString();
}
