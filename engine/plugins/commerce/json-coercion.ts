/**
 * Boolean reading with a default, the way the production server reads store
 * settings (Jackson's asBoolean(default)): booleans as they are, whole numbers
 * true when non-zero, the texts "true" and "false", anything else the default.
 * The other Jackson-style readings (numbers from text) are core's
 * node-coercion helpers.
 */
export function jsonAsBooleanOr(value: unknown, fallback: boolean): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'number':
      return Number.isInteger(value) ? value !== 0 : fallback;
    case 'string': {
      const text = value.trim();
      if (text === 'true') return true;
      if (text === 'false') return false;
      return fallback;
    }
    default:
      return fallback;
  }
}
