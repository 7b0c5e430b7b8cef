import type { Template } from '../../engine/index.ts';

/**
 * A view of a folder's partials that notes the template name (the folder file, such as
 * 'blocks/nav.block') of each one a render applies, so a tool can tell which of the folder's files a
 * page used: the blocks its templates apply, the blocks its platform tags name, the tags' bodies.
 * Renders look partials up by name, so reading an entry is applying it.
 */
export function recordAppliedPartials(partials: Record<string, Template>, applied: Set<string>): Record<string, Template> {
  return new Proxy(partials, {
    get(target, key, receiver) {
      const partial: unknown = Reflect.get(target, key, receiver);
      if (typeof key === 'string' && Object.hasOwn(target, key)) applied.add((partial as Template).name);
      return partial;
    },
  });
}
