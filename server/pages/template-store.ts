import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';
import { compile, type Template } from '../../engine/index.ts';

export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));
const PARTIALS_SUBDIR = 'partials';

interface CachedTemplate {
  template: Template;
  mtimeMs: number;
}

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
  private readonly cache = new LRUCache<string, CachedTemplate>({ max: 200 });
  private partialNames: string[] | null = null;

  constructor(
    private readonly dir: string = TEMPLATES_DIR,
    private readonly watchFiles = false,
  ) {}

  private load(path: string, name: string): Template {
    const cached = this.cache.get(path);
    if (cached && !this.watchFiles) return cached.template;
    const mtimeMs = statSync(path).mtimeMs;
    if (cached && cached.mtimeMs === mtimeMs) return cached.template;
    const template = compile(readFileSync(path, 'utf8'), { name });
    if (template.errors.length > 0) {
      const first = template.errors[0]!;
      throw new TemplateCompileError(name, `${first.message} (line ${first.line}, column ${first.column})`);
    }
    this.cache.set(path, { template, mtimeMs });
    return template;
  }

  /** A page template, e.g. 'product' for templates/product.tmpl. */
  page(name: string): Template {
    return this.load(join(this.dir, `${name}.tmpl`), `${name}.tmpl`);
  }

  /** Every partial of templates/partials/ by file name (e.g. 'header.block'). */
  partials(): Record<string, Template> {
    const partialsDir = join(this.dir, PARTIALS_SUBDIR);
    if (this.partialNames === null || this.watchFiles) {
      this.partialNames = readdirSync(partialsDir).filter((file) => file.endsWith('.block'));
    }
    const partials: Record<string, Template> = {};
    for (const file of this.partialNames) partials[file] = this.load(join(partialsDir, file), file);
    return partials;
  }
}
