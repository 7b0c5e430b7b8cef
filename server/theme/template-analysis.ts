import type { Template } from '../../engine/index.ts';
import type { Node } from '../../engine/syntax/nodes.ts';
import { Opcode } from '../../engine/syntax/opcodes.ts';
import { PLATFORM_TAG_FORMATTER } from './platform-tags.ts';

/** A partial or platform tag a template uses, with where it is used. */
export interface Use {
  name: string;
  line: number;
  column: number;
}

/** An `apply`, and whether every render of the file runs it (it stands outside every block). */
export interface AppliedUse extends Use {
  unconditional: boolean;
}

export interface TemplateUses {
  /** Names given to `apply` (`{@|apply nav.block}`). */
  applied: AppliedUse[];
  /** Ids of the platform tags that stood in the file. */
  tags: Use[];
  /** Macros the template defines itself, which `apply` may name. */
  macros: Set<string>;
  /** The first name of every variable the template writes out (`squarespace-headers`, `item`…). */
  variables: Set<string>;
  /** Every formatter the template calls. */
  formatters: Set<string>;
  /**
   * Every value the template writes out, not only reads, as written: `squarespace.main-content`
   * (where a layout's regions put the page), `squarespace-headers`, `islands.cartPill`…
   */
  writtenValues: Set<string>;
  /** The platform's values the template reads, as written (`squarespace.page-id`, `squarespace-headers`). */
  platformValues: Use[];
}

/** Reads the instruction tree (not the text) for the partials and platform tags a template uses. */
export function templateUses(template: Template): TemplateUses {
  const uses: TemplateUses = { applied: [], tags: [], macros: new Set(), variables: new Set(), formatters: new Set(), writtenValues: new Set(), platformValues: [] };
  const at = (offset: number): { line: number; column: number } => template.lines?.position(offset) ?? { line: 0, column: 0 };
  // `inBlock`: inside a section, repeated section, predicate, .if or macro, which may not run it
  const visit = (nodes: readonly Node[] | null | undefined, inBlock: boolean): void => {
    for (const node of nodes ?? []) {
      if (node.op === Opcode.VARIABLE || node.op === Opcode.BINDVAR) {
        for (const path of node.variables) {
          if (typeof path[0] === 'string') uses.variables.add(path[0]);
          const written = path.join('.');
          if (node.op === Opcode.VARIABLE) uses.writtenValues.add(written);
          if (written.startsWith('squarespace.') || written.startsWith('squarespace-')) uses.platformValues.push({ name: written, ...at(node.offset) });
        }
        for (const call of node.formatters) {
          uses.formatters.add(call.name);
          const first = call.args?.[0];
          if (first === undefined) continue;
          if (call.name === 'apply') uses.applied.push({ name: first, ...at(node.offset), unconditional: !inBlock });
          else if (call.name === PLATFORM_TAG_FORMATTER) uses.tags.push({ name: first, ...at(node.offset) });
        }
      }
      if (node.op === Opcode.MACRO) uses.macros.add(node.name);
      if ('consequent' in node) visit(node.consequent, true);
      if ('alternatesWith' in node) visit(node.alternatesWith, true);
      if ('alternate' in node && node.alternate !== null) visit([node.alternate], true);
    }
  };
  visit(template.root.consequent, false);
  return uses;
}
