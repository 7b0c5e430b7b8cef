/**
 * The `unit` function inside messages: `{0 unit in:byte compact:bytes}`
 * ('11.5GB') and `{1 unit in:second sequence:hour,minute,second format:long}`
 * ('3 hours 25 minutes 45 seconds').
 */
import type { CLDR, Decimal, UnitFormatOptions, UnitLength, UnitType } from '@phensley/cldr';

const LENGTHS = new Set(['long', 'short', 'narrow']);

/** Units a sequence or a compact form can break a quantity into, with their size in a base unit. */
const DURATIONS: Readonly<Record<string, number>> = {
  week: 604_800_000,
  day: 86_400_000,
  hour: 3_600_000,
  minute: 60_000,
  second: 1_000,
  millisecond: 1,
};
const DIGITAL_BYTES: Readonly<Record<string, number>> = {
  byte: 1,
  kilobyte: 1024,
  megabyte: 1024 ** 2,
  gigabyte: 1024 ** 3,
  terabyte: 1024 ** 4,
  petabyte: 1024 ** 5,
};
const BYTE_STEPS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'];

/*
 * The reference formats units with an older CLDR release than the one
 * bundled here, and two differences of that data show in its output:
 * - its patterns separate number and unit with an ordinary space where the
 *   newer data has a no-break or narrow no-break space ("3 heures");
 * - French had no narrow patterns for byte units yet, so narrow fell back
 *   to short ("11,5 Go", where the newer narrow pattern gives "11,5Go").
 */
const PATTERN_SPACES = /[\u00a0\u202f]/g;
const NARROW_AS_SHORT: Readonly<Record<string, Readonly<Record<string, number>>>> = { fr: DIGITAL_BYTES };

/** One quantity in the reference's unit patterns (see above). */
function formatQuantity(cldr: CLDR, value: Decimal | string, unit: string, options: UnitFormatOptions): string {
  let length = options.length;
  if (length === 'narrow' && NARROW_AS_SHORT[cldr.General.locale().tag.language()]?.[unit] !== undefined) length = 'short';
  const parts = cldr.Units.formatQuantityToParts({ value, unit: unit as UnitType }, { ...options, length });
  let text = '';
  // Only the pattern's own text changes; digit group separators stay as the locale has them.
  for (const part of parts) text += part.type === 'literal' ? part.value.replace(PATTERN_SPACES, ' ') : part.value;
  return text;
}

interface UnitOptions {
  input?: string;
  compact?: string;
  sequence?: string[];
  length?: UnitLength;
}

function parseUnitOptions(options: readonly string[]): UnitOptions {
  const parsed: UnitOptions = {};
  let inSequence = false;
  for (const option of options) {
    const i = option.indexOf(':');
    if (i === -1) {
      // The message parser splits 'sequence:hour,minute' at its commas.
      if (inSequence && parsed.sequence) parsed.sequence.push(...option.split(',').filter((u) => u !== ''));
      continue;
    }
    inSequence = option.startsWith('sequence:');
    const key = option.slice(0, i);
    const value = option.slice(i + 1);
    if (key === 'in') parsed.input = value;
    else if (key === 'compact') parsed.compact = value;
    else if (key === 'sequence') parsed.sequence = value.split(',').filter((u) => u !== '');
    else if (key === 'format' && LENGTHS.has(value)) parsed.length = value as UnitLength;
  }
  return parsed;
}

/** Size of a unit in the base unit of its family, or undefined when it has no family here. */
function sizeOf(unit: string): { family: Readonly<Record<string, number>>; size: number } | undefined {
  if (DURATIONS[unit] !== undefined) return { family: DURATIONS, size: DURATIONS[unit]! };
  if (DIGITAL_BYTES[unit] !== undefined) return { family: DIGITAL_BYTES, size: DIGITAL_BYTES[unit]! };
  return undefined;
}

export function formatUnit(cldr: CLDR, value: Decimal, options: readonly string[]): string {
  const opts = parseUnitOptions(options);
  const input = opts.input;
  if (!input) return '';
  const source = sizeOf(input);

  if (opts.compact === 'bytes' && source?.family === DIGITAL_BYTES) {
    const bytes = Number(value.toString()) * source.size;
    let step = 0;
    while (step < BYTE_STEPS.length - 1 && Math.abs(bytes) >= DIGITAL_BYTES[BYTE_STEPS[step + 1]!]!) step++;
    const unit = BYTE_STEPS[step]!;
    const amount = bytes / DIGITAL_BYTES[unit]!;
    return formatQuantity(cldr, String(amount), unit, { length: opts.length ?? 'narrow', maximumFractionDigits: 1 });
  }

  if (opts.sequence && opts.sequence.length > 0 && source) {
    const units = opts.sequence.filter((u) => source.family[u] !== undefined);
    if (units.length > 0) {
      let remaining = Number(value.toString()) * source.size;
      const parts: string[] = [];
      units.forEach((unit, i) => {
        const size = source.family[unit]!;
        const last = i === units.length - 1;
        const count = last ? remaining / size : Math.trunc(remaining / size);
        remaining -= count * size;
        if (count !== 0 || (last && parts.length === 0)) {
          parts.push(
            formatQuantity(cldr, String(count), unit, { length: opts.length ?? 'short', maximumFractionDigits: last ? 1 : 0 }),
          );
        }
      });
      return parts.join(' ');
    }
  }

  return formatQuantity(cldr, value, input, { length: opts.length ?? 'short' });
}
