import type { Formatter, FormatterTable, Predicate, PredicateTable } from './types.ts';

/**
 * Plugins by name. A name is registered once: a second registration of the
 * same name is a programming mistake and throws, so two domains can never
 * silently shadow each other.
 */
export class PluginRegistry {
  private readonly formatters = new Map<string, Formatter>();
  private readonly predicates = new Map<string, Predicate>();

  addFormatters(table: FormatterTable): this {
    for (const [name, impl] of Object.entries(table)) {
      if (this.formatters.has(name)) throw new Error(`formatter '${name}' is registered twice`);
      this.formatters.set(name, impl);
    }
    return this;
  }

  addPredicates(table: PredicateTable): this {
    for (const [name, impl] of Object.entries(table)) {
      if (!name.endsWith('?')) throw new Error(`predicate '${name}' must end with '?'`);
      if (this.predicates.has(name)) throw new Error(`predicate '${name}' is registered twice`);
      this.predicates.set(name, impl);
    }
    return this;
  }

  formatter(name: string): Formatter | undefined {
    return this.formatters.get(name);
  }

  predicate(name: string): Predicate | undefined {
    return this.predicates.get(name);
  }

  formatterNames(): string[] {
    return [...this.formatters.keys()].sort();
  }

  predicateNames(): string[] {
    return [...this.predicates.keys()].sort();
  }
}
