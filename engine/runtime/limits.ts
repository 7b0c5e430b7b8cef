/**
 * Limits that keep an untrusted template from exhausting the host. The
 * partial depth and expression limits are the references'; output size and
 * render time are ours. Every limit fails with a clear error, never a hang.
 */
import { DEFAULT_MAX_EXPRESSION_STRING_LENGTH, DEFAULT_MAX_EXPRESSION_TOKENS } from './expressions/index.ts';

export interface Limits {
  /** Nesting of partials, macros and includes (the references use 16). */
  maxPartialDepth: number;
  /** Deepest nesting of blocks (sections, predicates, macros…) a template may have. */
  maxNesting: number;
  /** Largest template source accepted by compile(), in characters. */
  maxTemplateSize: number;
  /** Largest output a render may produce, in characters. */
  maxOutputSize: number;
  /** Longest a render may run, in milliseconds. */
  maxRenderMs: number;
  /** Most tokens in one `.eval` expression. */
  maxExpressionTokens: number;
  /** Longest string an `.eval` concatenation may build. */
  maxExpressionStringLength: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxPartialDepth: 16,
  maxNesting: 500,
  maxTemplateSize: 5_000_000,
  maxOutputSize: 20_000_000,
  maxRenderMs: 5_000,
  maxExpressionTokens: DEFAULT_MAX_EXPRESSION_TOKENS,
  maxExpressionStringLength: DEFAULT_MAX_EXPRESSION_STRING_LENGTH,
});

export function resolveLimits(overrides?: Partial<Limits>): Limits {
  return overrides ? { ...DEFAULT_LIMITS, ...overrides } : DEFAULT_LIMITS;
}

/** Thrown inside a render when a limit is breached; caught at the top of the render. */
export class LimitExceeded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LimitExceeded';
  }
}
