/**
 * The instalment modal's content pages, one per brand and locale, written by
 * the client build next to the bundles so this server serves them itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INSTALMENTS, instalmentModalBody } from './lib/messages.ts';
import { INSTALMENT_COUNT, SUPPORTED_INSTALMENT_LOCALES, instalmentBrand, instalmentModalFile } from './lib/instalments.ts';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function instalmentPageHtml(locale: string): string | null {
  const brand = instalmentBrand(locale);
  if (!brand) return null;
  const steps = instalmentModalBody(INSTALMENT_COUNT, brand)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('');
  return `<section class="instalment-info" lang="${locale.split('_')[0]}" data-brand="${brand}">`
    + `<p class="instalment-info__title">${escapeHtml(INSTALMENTS.modalTitle)}</p>`
    + `<ol class="instalment-info__steps">${steps}</ol></section>\n`;
}

export function writeInstalmentPages(distDir: string): void {
  for (const locale of SUPPORTED_INSTALMENT_LOCALES) {
    const brand = instalmentBrand(locale);
    const html = instalmentPageHtml(locale);
    if (!brand || !html) continue;
    const file = path.join(distDir, instalmentModalFile(brand, locale));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
}
