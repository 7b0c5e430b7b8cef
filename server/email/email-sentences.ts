/**
 * A sentence of the shopper's emails (SHOPPER_EMAILS in client/lib/messages.ts), filled for both
 * parts of an email: the text part as it is, the HTML part with the values escaped and those the
 * design sets in bold wrapped in <strong>. The catalogue's own words are the store's, printed as
 * they are; only what is filled in (a name, an order number) comes from elsewhere.
 */
import { fillMessage } from '../messages.ts';

export interface EmailSentence {
  text: string;
  html: string;
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** What the engine's htmltag formatter writes for `value`. */
function escaped(value: string): string {
  return value.replace(/[&<>"]/g, (character) => ESCAPES[character]!);
}

export function emailSentence(sentence: string, values: Readonly<Record<string, string | number>>, bold: readonly string[] = []): EmailSentence {
  const html = Object.fromEntries(Object.entries(values).map(([name, value]) => {
    const safe = escaped(String(value));
    return [name, bold.includes(name) ? `<strong>${safe}</strong>` : safe];
  }));
  return { text: fillMessage(sentence, values), html: fillMessage(sentence, html) };
}
