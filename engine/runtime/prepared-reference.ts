/**
 * A variable reference a plugin writes once ('website.timeZone') and looks
 * up on every call through `ctx.lookup`: compiled on its first use into the
 * same lookup a template's `{website.timeZone}` gets, so a call costs the
 * lookup alone — no path array to walk, no memo to consult.
 */
import { splitPath } from '../syntax/nodes.ts';
import type { Frame } from './frame.ts';
import { isPlainName, lookupOfReference, type Lookup } from './lookup.ts';

export class PreparedReference {
  private compiled: Lookup | null = null;
  /**
   * Whether the reference starts with a plain name ('website.timeZone', not '@' or a number): a
   * scope that cannot hold names is then invisible to it (see RenderState.pending).
   */
  readonly plainHead: boolean;

  constructor(readonly text: string) {
    this.plainHead = isPlainName(splitPath(text)[0]);
  }

  /** The value from `frame` outward, as the template would find it. */
  lookup(frame: Frame): unknown {
    return (this.compiled ??= lookupOfReference(this.text))(frame);
  }
}

/** A reference for `ctx.lookup`, made once where the plugin is defined. */
export function reference(text: string): PreparedReference {
  return new PreparedReference(text);
}
