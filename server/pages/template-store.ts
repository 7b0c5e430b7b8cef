import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';
import { compile, type Template, type TemplateError } from '../../engine/index.ts';
import { cliMessages } from '../../engine/cli/messages.ts';
import { isTemplateText } from '../../engine/cli/template-text.ts';
import { serverMessages } from '../messages.ts';
import { templateFolderRoot } from '../theme/template-folder-root.ts';

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
  /** Malformed tags reported in the reference's validate mode: kept as text, the file still renders. */
  validationErrors: TemplateError[];
}

/** Told once per compiled file whose malformed tags were kept as text (the page still renders). */
export type ValidationReport = (template: string, errors: TemplateError[]) => void;

/**
 * Compiled templates kept, measured by their sources' length in characters (a compiled template
 * grows with its source). The theme's pages and partials take well under a megabyte.
 */
export const TEMPLATE_CACHE_CHARACTERS = 16 * 1024 * 1024;

/**
 * A template that failed to compile; the page fails loudly instead of rendering half. It keeps
 * every error (with its position), for the log and the development overlay.
 */
export class TemplateCompileError extends Error {
  constructor(
    readonly template: string,
    readonly errors: TemplateError[],
  ) {
    const first = errors[0]!;
    const more = errors.length > 1 ? ` and ${errors.length - 1} more` : '';
    super(`template ${template} does not compile: ${first.message} (line ${first.line}, column ${first.column})${more}`);
    this.name = 'TemplateCompileError';
  }
}

/** The .block files of a partials folder; none when the folder has no partials/. */
function blockFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((file) => file.endsWith('.block'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
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
    private readonly reportValidation: ValidationReport = () => {},
  ) {}

  private entry(path: string, name: string): CachedTemplate {
    const cached = this.cache.get(path);
    if (cached && !this.watchFiles) return cached;
    const stat = statSync(path, { throwIfNoEntry: false });
    // a page the folder lacks fails like one that does not compile: named, in the log and the overlay
    if (stat === undefined) throw new TemplateCompileError(name, [{ name, line: 0, column: 0, message: this.missingPageMessage(name) }]);
    const mtimeMs = stat.mtimeMs;
    if (cached && cached.mtimeMs === mtimeMs) return cached;
    const source = readFileSync(path, 'utf8');
    // an image renamed .block would render as itself, garbled: it fails as a file that does not compile
    if (!isTemplateText(source)) throw new TemplateCompileError(name, [{ name, line: 0, column: 0, message: cliMessages.notTextFile }]);
    const template = compile(source, { name });
    // Only errors that change what renders stop the page; validate-mode reports are told and kept.
    if (template.errors.some((e) => !e.validation)) throw new TemplateCompileError(name, template.errors);
    const validationErrors = template.errors;
    if (validationErrors.length > 0) this.reportValidation(name, validationErrors);
    const entry = { template, mtimeMs, readsClock: CLOCK_FORMATTERS.test(source), sourceLength: source.length, validationErrors };
    this.cache.set(path, entry);
    return entry;
  }

  /**
   * A page the folder lacks; an author who starts from an empty folder and then writes a
   * template.conf is told to restart, since the folder's kind is decided at the start.
   */
  private missingPageMessage(name: string): string {
    return templateFolderRoot(this.dir) !== null
      ? serverMessages.pageTemplateMissingSinceTemplateConf(name)
      : serverMessages.pageTemplateMissing(name);
  }

  private pagePath(name: string): string {
    return join(this.dir, `${name}.tmpl`);
  }

  /** Forgets what was read from the folder, so the next lookup reads the files again. */
  invalidate(): void {
    this.cache.clear();
    this.partialNames = null;
    this.partialsRecord = null;
    this.contextOnly.clear();
  }

  /**
   * The source of a template by the name its errors carry ('product.tmpl', 'header.block'), for
   * code frames; undefined when there is no such file.
   */
  sourceOf(name: string): string | undefined {
    // Names are file names; anything with a separator is not one of this folder's templates.
    if (name.includes('/') || name.includes('\\')) return undefined;
    const path = name.endsWith('.tmpl') ? join(this.dir, name) : join(this.dir, PARTIALS_SUBDIR, name);
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  }

  /**
   * Every compile error a page would meet: its own and those of every partial, where the page
   * itself fails at the first broken file.
   */
  compileErrors(name: string): TemplateError[] {
    const errors: TemplateError[] = [];
    const collect = (lookup: () => unknown): void => {
      try {
        lookup();
      } catch (err) {
        if (!(err instanceof TemplateCompileError)) throw err;
        errors.push(...err.errors);
      }
    };
    collect(() => this.page(name));
    const partialsDir = join(this.dir, PARTIALS_SUBDIR);
    for (const file of blockFiles(partialsDir)) {
      collect(() => this.entry(join(partialsDir, file), file));
    }
    return errors;
  }

  /** A page template, e.g. 'product' for templates/product.tmpl. */
  page(name: string): Template {
    return this.entry(this.pagePath(name), `${name}.tmpl`).template;
  }

  private partialEntries(): Array<[string, CachedTemplate]> {
    const partialsDir = join(this.dir, PARTIALS_SUBDIR);
    if (this.partialNames === null || this.watchFiles) {
      this.partialNames = blockFiles(partialsDir);
    }
    return this.partialNames.map((file) => [file, this.entry(join(partialsDir, file), file)]);
  }

  /** The validate-mode reports of a page and of every partial it could apply. */
  validationErrors(name: string): TemplateError[] {
    const own = this.entry(this.pagePath(name), `${name}.tmpl`).validationErrors;
    const partials = this.partialEntries().flatMap(([, entry]) => entry.validationErrors);
    return own.length === 0 && partials.length === 0 ? [] : [...own, ...partials];
  }

  /** Every partial of templates/partials/ by file name (e.g. 'header.block'). */
  partials(): Record<string, Template> {
    if (this.partialsRecord !== null && !this.watchFiles) return this.partialsRecord;
    const partials: Record<string, Template> = {};
    // known with and without its extension ({@|apply card} and {@|apply card.block}), as tmpl knows them
    for (const [file, entry] of this.partialEntries()) partials[file] = partials[file.slice(0, -'.block'.length)] = entry.template;
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
