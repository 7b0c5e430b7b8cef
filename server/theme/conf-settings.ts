import { closestName } from '../../engine/diagnostics/suggest.ts';
import { LineIndex } from '../../engine/syntax/positions.ts';
import { duplicateKeys } from './duplicate-keys.ts';
import { confMemberPosition } from './template-conf.ts';
import type { FolderProblem, TemplateFolder } from './folder-loader.ts';
import { themeMessages } from './theme-messages.ts';

/**
 * The settings a collection's `.conf` (and a page's `.page.conf`, read the same way) may hold: those
 * the platform's developer documentation names and those the public templates write. Nothing more is
 * known of what the platform reads, so any other key is a warning, not an error (the platform may
 * read keys its documentation does not name); but a key one typo away from these is ignored without
 * a word, and the author sees the default page size or the owner's order without knowing why.
 */
const KNOWN_KEYS: readonly string[] = [
  // the documentation's collection configuration options
  'title', 'ordering', 'addText', 'acceptTypes',
  // the documentation's layouts: the layout (or region) a collection's or page's pages use
  'regionName',
  // the public templates' blogs: the list's page size, whether it wins over the owner's, related items
  'pageSize', 'forcePageSize', 'relatedItems',
  // the public templates' folders and index pages
  'folder', 'index', 'indexType', 'fullData',
  // the public templates' settings for the platform's interface and system collections
  'icon', 'view', 'systemCollectionVersion', 'systemPartials', 'hasSystemBlogCollectionSettings', 'supportsVideoBackgrounds',
];

/** `ordering`'s values: the three the documentation names, and the public templates' album order (server/pages/collection-order.ts). */
const ORDERINGS: readonly string[] = ['chronological', 'user-orderable', 'calendar', 'music-album'];

/**
 * Settings the server reads only when they are `true` (server/pages/collection-list.ts,
 * platform-context.ts), as the public templates write them, so `"true"` is read as false. The
 * schema already refuses anything but a boolean for `folder` and `index`; `supportsVideoBackgrounds`,
 * which the public templates write both ways and the server does not read, is left alone.
 */
const READ_WHEN_TRUE: readonly string[] = ['forcePageSize', 'relatedItems'];

function withGuess(message: string, guess: string | undefined): string {
  return guess === undefined ? message : themeMessages.didYouMean(message, guess);
}

/** The warnings of one .conf: each key it does not know, at the key, and each value the server cannot use, at the value. */
function settingWarnings(file: string, text: string, conf: Readonly<Record<string, unknown>>): FolderProblem[] {
  const problems: FolderProblem[] = [];
  const warn = (key: string, part: 'key' | 'value', message: string): void => {
    problems.push({ file, ...confMemberPosition(text, key, part), message, severity: 'warning' });
  };
  for (const [key, value] of Object.entries(conf)) {
    if (!KNOWN_KEYS.includes(key)) {
      warn(key, 'key', withGuess(themeMessages.confKeyUnknown(key), closestName(key, KNOWN_KEYS)));
    } else if (key === 'ordering' && typeof value === 'string' && !ORDERINGS.includes(value)) {
      warn(key, 'value', withGuess(themeMessages.confOrderingUnknown(value, ORDERINGS), closestName(value, ORDERINGS)));
    } else if (READ_WHEN_TRUE.includes(key) && typeof value !== 'boolean') {
      const guess = typeof value === 'string' ? closestName(value, ['true', 'false']) : undefined;
      warn(key, 'value', withGuess(themeMessages.confNotBoolean(key, JSON.stringify(value)), guess));
    }
  }
  return problems;
}

/**
 * template.conf's settings: those the platform's developer documentation names, and `tweaks` (the
 * LESS variables' defaults, server/theme/README.md). A misspelled one ("stylesheet") was ignored
 * without a word: the page was served without the template's stylesheet.
 */
const TEMPLATE_CONF_KEYS: readonly string[] = ['name', 'author', 'layouts', 'navigations', 'stylesheets', 'systemCollections', 'systemPartials', 'customTypes', 'tweaks'];

/** Each key of template.conf it does not know, at the key, with the setting it likely meant. */
export function unknownTemplateConfKeys(folder: TemplateFolder): FolderProblem[] {
  const text = folder.source.read('template.conf');
  if (text === undefined) return [];
  return Object.keys(folder.conf).filter((key) => !TEMPLATE_CONF_KEYS.includes(key)).map((key) => ({
    file: 'template.conf',
    ...confMemberPosition(text, key, 'key'),
    message: withGuess(themeMessages.templateConfKeyUnknown(key), closestName(key, TEMPLATE_CONF_KEYS)),
    severity: 'warning' as const,
  }));
}

/** Each collection's and page's `.conf` that parsed, with its text (one that does not parse is an error of the loader). */
function readConfs(folder: TemplateFolder): Array<{ file: string; text: string; conf: Readonly<Record<string, unknown>> }> {
  const confs = [
    ...[...folder.collections.values()].map((collection) => ({ file: `collections/${collection.name}.conf`, conf: collection.conf })),
    ...[...folder.pages.values()].map((page) => ({ file: `${page.file.path}.conf`, conf: page.conf })),
  ];
  return confs.flatMap(({ file, conf }) => {
    const text = conf === null ? undefined : folder.source.read(file);
    return conf === null || text === undefined ? [] : [{ file, text, conf }];
  });
}

/** What each collection's and page's `.conf` says that the platform is not known to understand. */
export function unknownConfSettings(folder: TemplateFolder): FolderProblem[] {
  return readConfs(folder).flatMap(({ file, text, conf }) => settingWarnings(file, text, conf));
}

/**
 * A setting written twice in template.conf or a `.conf`, which JSON reads as the last without a
 * word: placed at the first, which is ignored, naming the line of the one used.
 */
export function repeatedConfSettings(folder: TemplateFolder): FolderProblem[] {
  const template = folder.source.read('template.conf');
  const files = [...(template === undefined ? [] : [{ file: 'template.conf', text: template }]), ...readConfs(folder)];
  return files.flatMap(({ file, text }) => {
    const lines = new LineIndex(text);
    return duplicateKeys(text).map(({ path, offsets }): FolderProblem => ({
      file,
      ...lines.position(offsets[0]!),
      message: themeMessages.confSettingRepeated(path, offsets.length, lines.position(offsets.at(-1)!).line),
      severity: 'warning',
    }));
  });
}
