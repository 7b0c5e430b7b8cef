/**
 * The object a `// tweak: { … }` comment declares. The platform's style editor reads these more
 * loosely than JSON: dossier's aspect-ratio dropdown writes one key unquoted (`options : [ … ]`)
 * and works there, so what JSON refuses is read again as JSON5 (unquoted keys, single quotes,
 * trailing commas) before the tweak is given up. Null for anything that is not an object.
 */
import JSON5 from 'json5';

export function tweakObject(json: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    try {
      value = JSON5.parse(json);
    } catch {
      return null;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
