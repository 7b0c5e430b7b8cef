import type { TemplateFolder } from './folder-loader.ts';

/** What template.conf gives a compile besides files: the stylesheets in order and the tweak values. */
function settingsOf(folder: TemplateFolder): string {
  return JSON.stringify([folder.conf.stylesheets, folder.conf.tweaks]);
}

/**
 * What one stylesheet compile read: template.conf's stylesheets and tweaks, and every file it
 * asked the folder for, with its text or its absence. A later version of the folder that answers
 * each of those the same compiles to the same stylesheet, so saving a template need not compile
 * the stylesheet again (a compile starts a worker, the larger part of a live reload).
 */
export class StyleInputs {
  private readonly reads = new Map<string, string | undefined>();
  private readonly settings: string;

  constructor(private readonly folder: TemplateFolder) {
    this.settings = settingsOf(folder);
  }

  /** A file of the folder, read through its source and remembered. */
  read(path: string): string | undefined {
    if (this.reads.has(path)) return this.reads.get(path);
    const text = this.folder.source.read(path);
    this.reads.set(path, text);
    return text;
  }

  /** The text of every file the compile read. */
  texts(): string[] {
    return [...this.reads.values()].filter((text) => text !== undefined);
  }

  /** Whether `folder` gives the compile the same settings and the same text for every file it read. */
  sameIn(folder: TemplateFolder): boolean {
    if (settingsOf(folder) !== this.settings) return false;
    for (const [path, text] of this.reads) if (folder.source.read(path) !== text) return false;
    return true;
  }
}
