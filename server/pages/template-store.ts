import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';
import { compile, type Template } from '../../engine/index.ts';

export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));
const PARTIALS_SUBDIR = 'partials';
/** Formatters whose output depends on the time of rendering, not only on the context. */
const CLOCK_FORMATTERS = /timesince|relative-time/;

interface CachedTemplate {
  template: Template;
  mtimeMs: number;
  /** The source mentions a clock-reading formatter. */
  readsClock: boolean;
  /** Characters of the source: the cache's measure of the compiled template. */
  sourceLength: number;
}

/**
 * Compiled templates kept, measured by their sources' length in characters (a compiled template
 * grows with its source). The theme's pages and partials take well under a megabyte.
 */
export const TEMPLATE_CACHE_CHARACTERS = 16 * 1024 * 1024;

/** A template that failed to compile; the page fails loudly instead of rendering half. */
export class TemplateCompileError extends Error {
  constructor(name: string, details: string) {
    super(`template ${name} does not compile: ${details}`);
    this.name = 'TemplateCompileError';
  }
}

/**
 * Compiled page templates and partials, cached by file. In development every lookup checks the
 * file's modification time, so an edited .tmpl is used on the next request without a restart.
 */
export class TemplateStore {
  private readonly cache = new LRUCache<string, CachedTemplate>({
    maxSize: TEMPLATE_CACHE_CHARACTERS,
    // an empty file still costs an entry
    sizeCalculation: (entry, path) => entry.sourceLength + path.length + 1,
  });
  private partialNames: string[] | null = null;
  private partialsRecord: Record<string, Template> | null = null;
  private readonly contextOnly = new Map<string, boolean>();

  constructor(
    private readonly dir: string = TEMPLATES_DIR,
    private readonly watchFiles = false,
  ) {}

  private entry(path: string, name: string): CachedTemplate {
    const cached = this.cache.get(path);
    if (cached && !this.watchFiles) return cached;
    const mtimeMs = statSync(path).mtimeMs;
    if (cached && cached.mtimeMs === mtimeMs) return cached;
    const source = readFileSync(path, 'utf8');
    const template = compile(source, { name });
    if (template.errors.length > 0) {
      const first = template.errors[0]!;
      throw new TemplateCompileError(name, `${first.message} (line ${first.line}, column ${first.column})`);
    }
    const entry = { template, mtimeMs, readsClock: CLOCK_FORMATTERS.test(source), sourceLength: source.length };
    this.cache.set(path, entry);
    return entry;
  }

  private pagePath(name: string): string {
    return join(this.dir, `${name}.tmpl`);
  }

  /** A page template, e.g. 'product' for templates/product.tmpl. */
  page(name: string): Template {
    return this.entry(this.pagePath(name), `${name}.tmpl`).template;
  }

  private partialEntries(): Array<[string, CachedTemplate]> {
    const partialsDir = join(this.dir, PARTIALS_SUBDIR);
    if (this.partialNames === null || this.watchFiles) {
      this.partialNames = readdirSync(partialsDir).filter((file) => file.endsWith('.block'));
    }
    return this.partialNames.map((file) => [file, this.entry(join(partialsDir, file), file)]);
  }

  /** Every partial of templates/partials/ by file name (e.g. 'header.block'). */
  partials(): Record<string, Template> {
    if (this.partialsRecord !== null && !this.watchFiles) return this.partialsRecord;
    const partials: Record<string, Template> = {};
    for (const [file, entry] of this.partialEntries()) partials[file] = entry.template;
    this.partialsRecord = partials;
    return partials;
  }

  /**
   * Whether a page's output is a function of its context alone: templates are not being watched
   * for edits, and neither the page nor any partial it could apply reads the clock.
   */
  rendersFromContextOnly(name: string): boolean {
    if (this.watchFiles) return false;
    let known = this.contextOnly.get(name);
    if (known === undefined) {
      known = !this.entry(this.pagePath(name), `${name}.tmpl`).readsClock
        && this.partialEntries().every(([, entry]) => !entry.readsClock);
      this.contextOnly.set(name, known);
    }
    return known;
  }
}
