/**
 * Lookups and formatter bindings compiled once for the syntax of cached
 * tags. A cached tag's paths and formatter list are the same objects in
 * every template that has the tag (see the tag cache), and what is compiled
 * from them depends on nothing else (formatters: on the registry), so it is
 * kept with them and shared. For a tag met only once, keeping anything
 * would cost more than it saves, so its syntax is compiled as it comes.
 */
import type { PluginRegistry } from '../plugins/registry.ts';
import type { FormatterCall, Path } from '../syntax/nodes.ts';
import { isSharedSyntax } from '../syntax/tag-cache.ts';
import { compileLookup, compileSectionLookup, type Lookup } from './lookup.ts';

const lookups = new WeakMap<Path, Lookup>();
const sectionLookups = new WeakMap<Path, Lookup>();

/** compileLookup(path), shared for a cached tag's path. */
export function lookupOf(path: Path): Lookup {
  return sharedFor(lookups, path, compileLookup);
}

/** compileSectionLookup(path), shared for a cached tag's path. */
export function sectionLookupOf(path: Path): Lookup {
  return sharedFor(sectionLookups, path, compileSectionLookup);
}

/** What `compile` makes of a path, kept in `kept` when the path belongs to a cached tag. */
function sharedFor(kept: WeakMap<Path, Lookup>, path: Path, compile: (path: Path) => Lookup): Lookup {
  let lookup = kept.get(path);
  if (lookup === undefined) {
    lookup = compile(path);
    if (isSharedSyntax(path)) kept.set(path, lookup);
  }
  return lookup;
}

/** Bindings of formatter lists to one registry's formatters. */
export class SharedBindings<T> {
  private readonly byCalls = new WeakMap<readonly FormatterCall[], readonly T[]>();

  /** The binding kept for `calls`, if any. */
  find(calls: readonly FormatterCall[]): readonly T[] | undefined {
    return this.byCalls.get(calls);
  }

  /**
   * Keeps the binding of a cached tag's list when every name in it was
   * found: registries only ever gain names, so such a binding never
   * changes, while a missing name may be added later.
   */
  keep(calls: readonly FormatterCall[], bound: readonly T[]): void {
    if (bound.length === calls.length && isSharedSyntax(calls)) this.byCalls.set(calls, bound);
  }
}

const bindingsByRegistry = new WeakMap<PluginRegistry, SharedBindings<unknown>>();

/** The shared bindings for one registry. */
export function sharedBindings<T>(plugins: PluginRegistry): SharedBindings<T> {
  let bindings = bindingsByRegistry.get(plugins);
  if (bindings === undefined) bindingsByRegistry.set(plugins, (bindings = new SharedBindings()));
  return bindings as SharedBindings<T>;
}
