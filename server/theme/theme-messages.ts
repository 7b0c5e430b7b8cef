/**
 * What the template-folder code says to template authors and operators: check results, render
 * errors and log lines. Kept once here; tests import these instead of retyping them.
 */
/** How to save a page's context: what the running store answers at its address with ?format=json. */
const savedContext = (page: string): string =>
  `the page's context, which the running store answers at the page's address with ?format=json (curl 'http://localhost:3000${page}${page.includes('?') ? '&' : '?'}format=json' > context.json)`;

/** A layout's region files and the blocks they apply: "site.region or a block it applies", "header.region, footer.region or a block they apply". */
const layoutFiles = (regions: readonly string[]): string =>
  `${regions.join(', ')} or a block ${regions.length === 1 ? 'it applies' : 'they apply'}`;

export const themeMessages = {
  confMissing: (label: string) => `${label} has no template.conf`,
  confUnreadable: (detail: string) => `not valid JSON: ${detail}`,
  confInvalid: (field: string, detail: string) => `${field}: ${detail}`,
  /** A setting the file must have and does not. */
  confSettingMissing: (field: string, expected: string) => `${field} is missing: it takes ${expected}`,
  /** A setting of the wrong kind: what it takes, and what was written. */
  /** A setting missing where a key one typo from it is written. */
  confSettingMisspelled: (field: string, expected: string, written: string) =>
    `${field} is missing: it takes ${expected}, and '${written}' is written here (did you mean '${field}'?)`,
  /** A key of template.conf the platform does not document. */
  templateConfKeyUnknown: (key: string) => `'${key}' is not a template.conf setting the platform documents: the server ignores it`,
  confSettingWrongKind: (field: string, expected: string, written: string) => `${field} takes ${expected}, not ${written}`,
  regionMissing: (region: string, layout: string) => `region '${region}' of layout '${layout}' has no file ${region}.region`,
  layoutUnknown: (layout: string) => `regionName '${layout}' names no layout of template.conf and no region`,
  noDefaultLayout: 'layouts has no entries',
  confKeyUnknown: (key: string) =>
    `'${key}' is not a setting the platform documents or its public templates use: the server ignores it`,
  confOrderingUnknown: (written: string, known: readonly string[]) =>
    `ordering '${written}' is none of ${known.map((value) => `'${value}'`).join(', ')}: the items keep the owner's order`,
  confNotBoolean: (key: string, written: string) => `${key} takes true or false, not ${written}: it is read as false`,
  /** A setting written more than once in one object: JSON keeps the last. */
  confSettingRepeated: (key: string, times: number, usedLine: number) =>
    times === 2 ? `${key} is written twice; the second (line ${usedLine}) is used` : `${key} is written ${times} times; the last (line ${usedLine}) is used`,
  platformValueUnknown: (written: string) => `{${written}} is not a value the platform gives: it writes nothing`,
  /** A layout of template.conf whose region files (and the blocks they apply) never write a value every page needs. */
  mainContentMissing: (layout: string, regions: readonly string[]) =>
    `layout '${layout}' never writes {squarespace.main-content} in ${layoutFiles(regions)}`,
  headersMissing: (layout: string, regions: readonly string[]) =>
    `layout '${layout}' never writes {squarespace-headers} in ${layoutFiles(regions)}: its pages lose their title, stylesheet, crumb and island scripts`,
  footersMissing: (layout: string, regions: readonly string[]) =>
    `layout '${layout}' never writes {squarespace-footers} in ${layoutFiles(regions)}: its pages lose the cart pill and the social icons`,
  /** Development log: a warning told at a load is gone after a save (warning-log.ts). */
  warningFixed: (place: string) => `the warning at ${place} is fixed`,
  /** A collection's or page's regionName that names a region, not a layout: the pages are wrapped in that region alone. */
  regionNamedAsLayout: (regionName: string, region: string, layouts: readonly string[], unwritten: readonly string[]) =>
    `regionName '${regionName}' names the region ${region}, not one of the layouts of template.conf (${layouts.map((layout) => `'${layout}'`).join(', ')}): `
    + `its pages are wrapped in ${region} alone${unwritten.length === 0 ? '' : `, which never writes ${unwritten.join(' or ')}`}`,
  didYouMean: (message: string, ...guesses: string[]) => `${message} (did you mean ${guesses.map((guess) => `'${guess}'`).join(' or ')}?)`,
  /** After a problem of a file that no page renders (a block nothing applies): why it is a warning. */
  noPageRenders: (message: string, file: string) => `${message} No page renders ${file} (nothing applies it), so no page fails.`,
  navigationTemplateMissing: (block: string, file: string) => `navigation template '${block}' used in ${file} does not exist`,
  tagTemplateMissing: (tag: string, block: string, file: string) => `${tag} template '${block}' used in ${file} does not exist`,
  navigationUnknown: (id: string, file: string) => `navigation '${id}' used in ${file} is not declared in template.conf navigations`,
  tagNotClosed: (tag: string) => `<squarespace:${tag}> is never closed`,
  /** An opening tag whose `>` or `/>` is left out: the page shows it as text. */
  tagNotEnded: (tag: string) => `<squarespace:${tag}> has no closing '>' or '/>': the page shows it as text`,
  /** Text inside an opening tag that is no attribute (name="value"): the tag is read no further, and shown as text. */
  tagAttributeUnreadable: (tag: string, written: string) =>
    `<squarespace:${tag}> has '${written}' where an attribute (name="value", after a space) or its closing '>' or '/>' should be: the page shows the tag as text`,
  tagUnknown: (tag: string) => `<squarespace:${tag}> is not a platform tag`,
  tagCloseUnknown: (tag: string) => `</squarespace:${tag}> closes no platform tag`,
  tagAttributeMissing: (tag: string, attribute: string) => `<squarespace:${tag}> needs the attribute ${attribute}`,
  tagAttributeMisspelt: (missing: string, written: string, attribute: string) => `${missing}: ${written} is written (did you mean '${attribute}'?)`,
  tagAttributeUnknown: (tag: string, attribute: string) => `<squarespace:${tag}> takes no attribute ${attribute}: the tag ignores it`,
  /** A count attribute (limit, skip) that is no number, worded as a .conf setting of the wrong kind is. */
  tagAttributeNotCount: (tag: string, attribute: string, written: string) =>
    `<squarespace:${tag}> ${attribute} takes a number (0, 1, 2…), not ${JSON.stringify(written)}: the tag ignores it`,
  scriptMissing: (src: string) => `script '${src}' is not in scripts/`,
  /** A missing file of a folder that builds its own (a package.json build script, webpack): it may not be built yet. */
  madeByBuild: (message: string, command: string) => `${message}; the folder's build may make it (${command})`,
  /** The same for a folder built with Squarespace's toolbelt, which writes the template it assembles into build/. */
  /** A mixin the stylesheets never define, in a folder whose toolbelt build assembles modules' stylesheets into build/. */
  mixinFromAssembledModule: (message: string) => `${message}; a module the folder's build assembles may define it (npm run build assembles the template into build/: serve that folder)`,
  madeByAssemble: (message: string) => `${message}; the folder's build may make it (npm run build assembles the template into build/: serve that folder)`,
  assetMissing: (path: string) => `asset '${path}' is not in assets/`,
  comboRequestInvalid: (max: number) => `a combined script request names 1 to ${max} files of scripts/ after the ?`,
  contextNotObject: (file: string) => `${file}: the page context must be a JSON object`,
  contextOfOtherPage: (page: string, dataFile: string, address: string, pageType: number | undefined, file: string | undefined) =>
    `--page ${page}, but ${dataFile} is the context of ${address}${pageType === undefined ? '' : ` (pageType ${pageType})`}: `
    + `that page is rendered${file === undefined ? ' (the built-in page)' : `, from ${file}`}; for ${page}, save what ${page}?format=json answers`,
  /** tmpl render DIR of a page whose files have syntax errors, as tmpl render FILE: the page is not written. */
  pageNotRendered: (files: readonly string[], target: string | undefined) =>
    `not rendered: ${files.join(', ')} ${files.length === 1 ? 'has' : 'have'} syntax errors, so ${target === undefined ? 'no page is written' : `${target} is left as it was`}; --allow-errors renders the page anyway, as the storefront would serve it`,
  /** A block that applies itself, directly or through others, outside every block that could stop it (self-applying-blocks.ts). */
  blockAppliesItself: (loop: readonly string[]) =>
    `this block applies itself on every render (${loop.join(' → ')}), so a page that applies it renders it again and again until the partial depth limit stops the render with an error: apply it inside a {.section}, {.repeated section} or {.if} that ends`,
  renderNeedsPage: '--page URL is missing: the address of the page to render, such as / or /shop/p/linen-shirt',
  /** tmpl render DIR without --site, of a page whose files write platform tags that read the site's data. */
  noSiteGiven: (tags: readonly string[]) =>
    `note: no --site FILE.json given, so this page's ${tags.map((tag) => `<squarespace:${tag}>`).join(', ')} render${tags.length === 1 ? 's' : ''} empty, as a site with no navigations, collections or blocks would: --site gives them their data (see tmpl render --help)`,
  renderPageNotPath: (page: string) => `--page takes the page's address from its first slash, such as /shop or /shop/p/linen-shirt: got '${page}'`,
  renderNeedsData: (page: string) => `--data context.json is missing: ${savedContext(page)}`,
  /** --data naming a JSON file that is no page's context (template.conf, a site.json): the page renders without the store's content. */
  contextWithoutPageFields: (page: string, fields: readonly string[]) =>
    `none of a page context's fields (${fields.join(', ')}), so the page renders without the store's content: --data takes ${savedContext(page)}`,
  queryCollectionNotInSite: (name: string) => `<squarespace:query> names collection '${name}', which the store does not have: the tag renders nothing`,
  queryPastPageLimit: (max: number) =>
    `<squarespace:query> runs after the page's first ${max} queries, the most the platform runs on a page: the tag renders nothing`,
  queryTagsPastPageLimit: (file: string, count: number, max: number) =>
    `a page rendered with ${file} holds ${count} <squarespace:query> tags in its files (with its layout's regions and the blocks they apply), more than the ${max} the platform runs on a page: those after the first ${max} render nothing`,
  blockFieldEmpty: (id: string) => `<squarespace:block-field> '${id}' has no content yet, so it renders the platform's empty wrapper: give it text in the admin under Block fields (/config/block-fields)`,
  navigationNotInSite: (id: string) => `<squarespace:navigation> names navigation '${id}', which the site's layout does not have: the tag renders nothing`,
  /**
   * A pages/NAME.page no page of the store uses (development: logged and shown over the pages as a
   * warning). The store's pages are named by urlId with their titles, and the closest one when the
   * name looks mistyped.
   */
  pageFileNotServed: (name: string, storePages: ReadonlyArray<{ urlId: string; title: string }>, guess: string | undefined) => {
    const pages = storePages.length === 0
      ? 'the store has no pages yet'
      : `name it after one of the store's pages (${storePages.map((page) => `'${page.urlId}' (${page.title})`).join(', ')})`;
    const rename = guess === undefined ? '' : ` — did you mean pages/${guess}.page?`;
    return `is never served: no page of the store has the urlId '${name}'. A pages/URLID.page file renders the store's page whose urlId is URLID: ${pages}${rename}`;
  },
  /** A collections/NAME.list or .item whose NAME looks mistyped for a collection the store renders (development: logged and shown as a warning). */
  collectionFileNotServed: (name: string, guess: string) =>
    `is never served: no collection of the store has the urlId or type '${name}' — did you mean ${guess}?`,
  pageFilesUncheckedLog: "the template folder's page files could not be checked against the store's pages",
  templateDirMissing: 'is not a folder: TEMPLATE_DIR names a developer-template folder (with template.conf) or a folder of .tmpl pages',
  templateDirMeant: (folder: string) => `(did you mean ${folder}?)`,
  /** A relative TEMPLATE_DIR that is not there: npm runs the server in the storefront's folder, not where the author typed the command. */
  templateDirReadFrom: (path: string) => `(a relative TEMPLATE_DIR is read from the folder the server runs in, which made it ${path}: give the folder's full path)`,
  templateDirEmpty: 'has neither a template.conf nor a .tmpl page: TEMPLATE_DIR names a developer-template folder (with template.conf) or a folder of .tmpl pages',
    confTrailingComma: (closing: string) => `a comma before '${closing}': JSON allows none after the last item`,
  confMissingComma: 'a comma is missing after this value: JSON separates members and items with commas',
  confMissingCommaBeforeBareName: (name: string) =>
    `a comma is missing after this value: JSON separates members and items with commas; and the name after it takes double quotes ("${name}")`,
  nestedTemplateFolderLog: 'TEMPLATE_DIR has no template.conf; the one folder inside it that has one is served',
  noBuiltinPage: (view: string) => `no template of the folder and no built-in page renders this ${view} page`,
  tagOutsideFolder: 'platform tags render only inside a template folder page',
  stylesheetMissing: (name: string) => `stylesheet '${name}' named in template.conf is not in styles/`,
  stylesheetTimedOut: (ms: number) => `the stylesheet did not compile within ${ms} ms (stopped)`,
  stylesheetTooLarge: (bytes: number) => `the stylesheet and its imports are larger than ${bytes} bytes (not compiled)`,
  /** LESS's own message kept, then where the block it could not find the end of was opened. */
  stylesheetBraceNotClosed: (message: string, line: number, column: number) =>
    `${message} — the '{' at line ${line}, column ${column} is never closed`,
  stylesheetStatementLeftOut: (message: string) => `${message} (this statement is left out; the rest of the stylesheet is served)`,
  platformStylesheetMissing: (name: string, folder: string) =>
    `'${name}' wasn't found in ${folder}: if it is one of the platform's own stylesheets, this server has only 'sqs-grid-breaker'`,
  stylesheetWorkerFailed: (detail: string) => `the stylesheet compile stopped: ${detail}`,
  /** LESS's @plugin runs JavaScript in the server: a template folder is untrusted, so it never loads. */
  stylesheetPluginRefused: '@plugin is not allowed: a template\'s stylesheet may not load JavaScript plugins (write the rules in LESS instead)',
  /** data-uri() and image-size() read files as bytes, which a compile may not (it reads the folder's text files only). */
  stylesheetFileFunctionRefused: "a template's stylesheet may not read files (refer to the file with url('/assets/…') instead)",
  /** Any other read LESS would make outside the folder's own reader (none is known today). */
  stylesheetSyncReadRefused: "a template's stylesheet may not read files outside its @import",
  folderLoaded: 'template folder loaded',
  folderErrorsLog: 'template folder has errors',
  folderUnservableLog: 'the template folder cannot be served: fix the problem and start again',
  folderBrokenDevLog: 'the template folder cannot be loaded: every page shows the problem until it is fixed',
  /** Malformed tags the engine keeps as text (the reference's validate mode); logged once per compile. */
  malformedTagsLog: 'template has malformed tags kept as text',
  /** A folder's: its platform tags missing an attribute they cannot do without too, which render nothing. */
  folderMalformedTagsLog: 'template folder has malformed tags: pages show each as text, or without what a platform tag missing an attribute renders',
  renderErrorsLog: 'template folder page rendered with errors',
  externalBlockLog: 'template folder applies a block it does not contain',
} as const;
