import type { Logger } from 'pino';
import { asAuthorSeesIt, authorSlipWarnings } from './folder-check.ts';
import { asTemplateErrors, isNotTextProblem, loadTemplateFolder, placeOf, type FolderProblem, type TemplateFolder } from './folder-loader.ts';
import { authoredPartialNames } from './platform-tags.ts';
import { problemsText } from './problems-text.ts';
import type { TemplateSource } from './template-source.ts';
import { themeMessages } from './theme-messages.ts';
import { WarningLog } from './warning-log.ts';
import { missingScripts } from './missing-files.ts';

/** A folder that cannot be served at all (no template.conf, one that does not parse, a template that is not text). */
export class TemplateFolderError extends Error {
  constructor(readonly problems: FolderProblem[]) {
    super(problems.map((p) => `${placeOf(p)} ${p.message}`).join('; '));
    this.name = 'TemplateFolderError';
  }
}

/**
 * The compiled folder, loaded once; when watching (development), reloaded on the first request
 * after any of its files changed. A reload that fails keeps serving nothing stale: it throws, so
 * the page shows the error.
 */
export class FolderCache {
  private folder: TemplateFolder | null = null;
  private version = '';
  /** The version whose load failed and was told (development), so a broken folder is told once. */
  private brokenVersion = '';
  private readonly slips: WarningLog;

  constructor(
    readonly source: TemplateSource,
    private readonly log: Logger,
    private readonly watch: boolean,
  ) {
    this.slips = new WarningLog(log, source.label);
  }

  /** The version the folder last returned by current() was loaded at (changes with any file of it). */
  loadedVersion(): string {
    if (this.folder === null) this.current();
    return this.version;
  }

  current(): TemplateFolder {
    if (this.folder !== null && !this.watch) return this.folder;
    const version = this.source.version();
    if (this.folder !== null && version === this.version) return this.folder;
    const load = loadTemplateFolder(this.source);
    if (load.folder === null) {
      // development: told when a save breaks it (at the start too), placed as the overlay places it,
      // not again at each request while it stays broken
      if (this.watch && version !== this.brokenVersion) {
        this.brokenVersion = version;
        const text = problemsText(asTemplateErrors(load.problems), (file) => this.source.read(file));
        this.log.error({ folder: this.source.label, problems: load.problems }, `${themeMessages.folderBrokenDevLog}: ${text}`);
      }
      throw new TemplateFolderError(load.problems);
    }
    this.brokenVersion = '';
    // A template that is not text (an image renamed .block) would serve garbage: outside development
    // the folder is not served, as a template.conf that does not parse; in development the overlay shows it.
    const notText = load.problems.filter(isNotTextProblem);
    if (notText.length > 0 && !this.watch) throw new TemplateFolderError(notText);
    const errors = load.problems.filter((p) => p.severity === 'error');
    if (errors.length > 0) {
      const text = problemsText(asTemplateErrors(errors), (file) => this.source.read(file), () => authoredPartialNames(load.folder!.partials));
      this.log.error({ folder: this.source.label, problems: errors }, `${themeMessages.folderErrorsLog}: ${text}`);
    }
    else this.log.info({ folder: this.source.label, name: load.folder.conf.name }, themeMessages.folderLoaded);
    // errors to the author, as the overlay counts them and tmpl check reports them (the page still serves them as text)
    const malformed = load.problems.filter((p) => p.validation === true).map(asAuthorSeesIt);
    if (malformed.length > 0) this.log.error({ folder: this.source.label, problems: malformed }, themeMessages.folderMalformedTagsLog);
    // Development: a mistyped platform value or .conf setting, or a layout without the page's
    // content, headers or footers, leaves pages without a word but the overlay of such a page;
    // told when it appears and when it is fixed, not again at each save while it stays
    if (this.watch) this.slips.tell(authorSlipWarnings(load.folder));
    // Outside development, a script the folder names and lacks (a framework's site-bundle.js,
    // built by its webpack) can leave every page blank, a template hiding its content until its
    // script runs, and no overlay shows it: the one who starts the shop is told, once, with the
    // build that may make it (in development each page's warning bar tells it).
    else for (const problem of missingScripts(load.folder)) this.log.warn({ folder: this.source.label, file: problem.file }, `${placeOf(problem)} ${problem.message}`);
    this.folder = load.folder;
    this.version = version;
    return load.folder;
  }
}
