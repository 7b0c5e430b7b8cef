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

export function csvText(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
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
