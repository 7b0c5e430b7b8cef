/** Reads a JSON text column that must hold an object; anything else reads as an empty object. */
export function parseObjectColumn(text: string | null): Record<string, unknown> {
  if (!text) return {};
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The strings of a JSON value that should be an array of them (a product's categories); others are left out. */
export function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** Reads a JSON text column that must hold an array of strings; anything else reads as empty. */
export function parseStringsColumn(text: string | null): string[] {
  return text ? stringsOf(JSON.parse(text)) : [];
}
