/**
 * HTML escaping of text. Attribute escaping also covers the double quote;
 * the single quote passes through, as in the reference's released output.
 */

const TEXT_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTRIBUTE_ENTITIES: Readonly<Record<string, string>> = { ...TEXT_ENTITIES, '"': '&quot;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (ch) => TEXT_ENTITIES[ch]!);
}

export function escapeHtmlAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ATTRIBUTE_ENTITIES[ch]!);
}
