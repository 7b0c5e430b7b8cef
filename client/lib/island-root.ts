/** The island root element's markup contract, shared by server render and hydration. */

export const ISLAND_ATTRIBUTE = 'data-island';
export const PROPS_ATTRIBUTE = 'data-props';

/**
 * Props JSON made safe for a single-quoted attribute: every character that
 * could end the attribute or open markup becomes an entity, so no prop value
 * can break out. The browser decodes the entities before we parse the JSON.
 */
export function escapePropsAttribute(json: string): string {
  return json
    .replace(/&/g, '&amp;')
    .replace(/'/g, '&#39;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export function islandSelector(): string {
  return `[${ISLAND_ATTRIBUTE}]`;
}
