/**
 * A JSON number written with a fraction or an exponent whose value is whole
 * (`1.0`, `17.0`, `1e3`).
 *
 * The Java reference reads such a literal as a double and keeps it one: it
 * prints as "1.0", counts as having a visible fraction digit for plural
 * rules, and never equals the integer 1. A JavaScript number cannot carry
 * that distinction, so the engine's JSON reader wraps these values (and only
 * these: fractional numbers such as 1.5 stay plain numbers). The value rules
 * in values.ts treat a JsonDouble as a number everywhere.
 */
export class JsonDouble {
  readonly #value: number;

  constructor(value: number) {
    this.#value = value;
    if (new.target === JsonDouble) Object.freeze(this);
  }

  /** The number itself. A prototype getter, so templates cannot reach it as a property. */
  get value(): number {
    return this.#value;
  }

  /** The Java text of the double ("1.0", "1.0E7"): what formatters read (the reference's `asText`). */
  toString(): string {
    return javaDoubleText(this.#value);
  }

  /**
   * What a variable tag prints: the Java reference writes a double it
   * outputs in JavaScript's notation ("1", "1e+21"; zero as "0").
   */
  plainText(): string {
    return this.#value === 0 ? '0' : String(this.#value);
  }

  /** Arithmetic and `Number(x)` see the plain number. */
  valueOf(): number {
    return this.#value;
  }

  /** `JSON.stringify` writes the plain number. */
  toJSON(): number {
    return this.#value;
  }
}

/**
 * A whole JSON number too large for a JavaScript number to hold exactly
 * (past 2^53), kept with its digits: the Java reference reads it as a long or
 * a big integer and prints every digit, both as a variable and as text.
 * Arithmetic and comparisons see the nearest double. It is a number wherever
 * a JsonDouble is, but not a double (see isFloating).
 */
export class JsonBigInteger extends JsonDouble {
  readonly #digits: string;

  constructor(digits: string) {
    super(Number(digits));
    this.#digits = digits;
    Object.freeze(this);
  }

  override toString(): string {
    return this.#digits;
  }

  override plainText(): string {
    return this.#digits;
  }
}

export function isJsonDouble(value: unknown): value is JsonDouble {
  return value instanceof JsonDouble;
}

const PLAIN_MIN = 1e-3;
const PLAIN_MAX = 1e7;

/**
 * A double printed the way the Java platform prints it: plain decimal with
 * at least one fraction digit between 10^-3 and 10^7 ("17.0", "0.25"), and
 * otherwise scientific notation with an upper-case E ("1.0E7", "1.5E-4"),
 * with the shortest digits that read back as the same number.
 */
export function javaDoubleText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude >= PLAIN_MIN && magnitude < PLAIN_MAX) {
    const text = String(value);
    return Number.isInteger(value) ? `${text}.0` : text;
  }
  const [mantissa = '', exponent = '0'] = value.toExponential().split('e');
  const digits = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${digits}E${Number(exponent)}`;
}
