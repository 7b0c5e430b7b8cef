/**
 * A variable reference a plugin writes once ('website.timeZone') and looks
 * up on every call through `ctx.lookup`: compiled where it is made into the
 * same lookup a template's `{website.timeZone}` gets, so a call costs the
 * lookup alone — no path array to walk, no memo to consult.
 */
import { splitPath } from '../syntax/nodes.ts';
import { compileLookup, isPlainName, type Lookup } from './lookup.ts';

export class PreparedReference {
  /**
   * Whether the reference starts with a plain name ('website.timeZone', not '@' or a number): a
   * scope that cannot hold names is then invisible to it (see RenderState.pending).
   */
  readonly plainHead: boolean;
  /**
   * The value from `frame` outward, as the template would find it. Compiled when the reference is
   * made and never replaced: V8 then knows which function each plugin's lookup calls and can
   * inline it there, where a lookup compiled on first use was called through one site shared by
   * every reference. Its names are read by functions of its own, whose caches see only the
   * shapes this reference meets (a blog list's date calls read `website` from its items only).
   */
  readonly lookup: Lookup;

  constructor(readonly text: string) {
    const path = splitPath(text);
    this.plainHead = isPlainName(path[0]);
    this.lookup = compileLookup(path, true);
  }
}

/** A reference for `ctx.lookup`, made once where the plugin is defined. */
export function reference(text: string): PreparedReference {
  return new PreparedReference(text);
}
