/**
 * Compiled `.eval` expressions by limits, then code: they are immutable,
 * and templates repeat the same `.eval`s. Keyed by the limit numbers rather
 * than a composed string, so a lookup builds no key.
 *
 * An expression is only kept from its third sighting on (small tables of
 * code hashes remember the earlier ones: sightings.ts): compiling templates whose expressions
 * are all new then leaves nothing behind, where keeping every one made each
 * compiled expression outlive its template and burden the garbage collector.
 */
import { compileExpression, type CompiledExpression, type ExpressionHost, type ExpressionRunner } from './expressions/index.ts';
import type { Frame } from './frame.ts';
import type { Limits } from './limits.ts';
import { compileLookup } from './lookup.ts';
import { detachedCopy } from '../syntax/detached-copy.ts';
import { Sightings } from '../syntax/sightings.ts';

/** How expressions see a render: lookups compiled like template references, assignments into the frame. */
const FRAME_HOST: ExpressionHost<Frame> = {
  lookup: compileLookup,
  setVar: (frame, name, value) => frame.setVar(name, value),
};

export class CachedExpression {
  readonly run: ExpressionRunner<Frame>;

  constructor(readonly expr: CompiledExpression) {
    this.run = expr.bind(FRAME_HOST);
  }
}

const expressions = new Map<number, Map<number, Map<string, CachedExpression>>>();
let cachedExpressionCount = 0;
const EXPRESSION_CACHE_LIMIT = 5000;
/** Longer code is compiled every time: the cache holds at most about 5000 × 1024 characters of code and its compile. */
const MAX_CACHED_CODE_LENGTH = 1024;
/** Codes met once. */
const sightings = new Sightings(1024); // a power of two

function compiled(code: string, limits: Limits): CachedExpression {
  return new CachedExpression(
    compileExpression(code, { maxTokens: limits.maxExpressionTokens, maxStringLength: limits.maxExpressionStringLength }),
  );
}

export function cachedExpression(code: string, limits: Limits): CachedExpression {
  let byLength = expressions.get(limits.maxExpressionTokens);
  if (byLength === undefined) expressions.set(limits.maxExpressionTokens, (byLength = new Map()));
  let byCode = byLength.get(limits.maxExpressionStringLength);
  if (byCode === undefined) byLength.set(limits.maxExpressionStringLength, (byCode = new Map()));
  let cached = byCode.get(code);
  if (cached !== undefined) return cached;
  if (code.length > MAX_CACHED_CODE_LENGTH || !sightings.seenBefore(code)) return compiled(code, limits);
  if (cachedExpressionCount >= EXPRESSION_CACHE_LIMIT) {
    // Dropping everything keeps memory bounded.
    expressions.clear();
    cachedExpressionCount = 0;
    return compiled(code, limits);
  }
  // Kept: compiled again from a copy, so that neither the key nor the expression's texts hold the template.
  const own = detachedCopy(code);
  cached = compiled(own, limits);
  byCode.set(own, cached);
  cachedExpressionCount++;
  return cached;
}
