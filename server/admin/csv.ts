import { TZ } from '@phensley/timezone';
import type { Response } from 'express';
import type { CsvFormat } from './csv-format.ts';

/**
 * One CSV field: quoted when it holds the file's separator (`separator`), a quote or a line
 * break; a field a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first)
 * gets a leading apostrophe.
 */
export function csvField(value: unknown, separator: CsvFormat['separator'] = ','): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  const quoted = separator === ';' ? /[";\r\n]/ : /[",\r\n]/;
  return quoted.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV lines, each ended by CRLF, their cells separated as `format` says (csv-format.ts). */
function csvLines(rows: ReadonlyArray<readonly unknown[]>, format: CsvFormat): string {
  return rows.map((row) => `${row.map((value) => csvField(value, format.separator)).join(format.separator)}\r\n`).join('');
}

export function csvText(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>, format: CsvFormat): string {
  return csvLines([header, ...rows], format);
}

/**
 * Every download starts with the byte order mark: Excel, opening a CSV by a double click, reads a
 * file without one in the computer's old code page, so "Zoë Müller-Łęcka" came out as mojibake.
 * The import, csv-parse and other spreadsheets read past it.
 */
const UTF8_BOM = '\uFEFF';

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
 * owner leaves stops the reads. `format`: the store's (csvFormatOf), as every download.
 */
export async function streamCsv(res: Response, name: string, header: readonly string[], batches: AsyncIterable<ReadonlyArray<readonly unknown[]>>, format: CsvFormat): Promise<void> {
  let started = false;
  for await (const rows of batches) {
    // nothing is sent before the first batch is read, so a read that fails at once is answered as an error
    if (!started) {
      res.set('Content-Disposition', `attachment; filename="${name}"`);
      res.set('Cache-Control', 'no-store');
      res.type('text/csv; charset=utf-8');
    }
    const ready = res.write((started ? '' : UTF8_BOM + csvText(header, [], format)) + csvLines(rows, format));
    started = true;
    if (!ready) await writable(res);
    if (res.destroyed) return;
  }
  if (started) res.end();
  else sendCsvText(res, name, csvText(header, [], format));
}

/** Sends a CSV download named `name`, in the store's `format`. */
export function sendCsv(res: Response, name: string, header: readonly string[], rows: ReadonlyArray<readonly unknown[]>, format: CsvFormat): void {
  sendCsvText(res, name, csvText(header, rows, format));
}

/** Sends CSV text already made as a download named `name`. */
export function sendCsvText(res: Response, name: string, text: string): void {
  res.set('Content-Disposition', `attachment; filename="${name}"`);
  res.set('Cache-Control', 'no-store');
  res.type('text/csv; charset=utf-8').send(UTF8_BOM + text);
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/**
 * An instant as the exports write it: ISO 8601 in the store's time zone `zone`, with its offset
 * (2026-11-26T22:15:00-05:00), so a spreadsheet puts an evening order on the day the admin shows
 * it under, and still reads the one instant it was. To the second; an offset of seconds (local
 * mean time, before zones) is written to the minute, the time with it.
 */
export function isoTime(epochMs: number | null, zone: string): string {
  if (epochMs === null) return '';
  const minutes = Math.round((TZ.fromUTC(zone, epochMs)?.offset ?? 0) / 60_000);
  const wall = new Date(epochMs + minutes * 60_000).toISOString().slice(0, 19);
  const away = Math.abs(minutes);
  return `${wall}${minutes < 0 ? '-' : '+'}${twoDigits(Math.floor(away / 60))}:${twoDigits(away % 60)}`;
}
