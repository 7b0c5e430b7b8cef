import type { RenderContext } from '../../engine/index.ts';
import { closestName } from '../../engine/diagnostics/suggest.ts';
import { escapeHtml, escapeHtmlAttribute } from '../../engine/plugins/core/html-escape.ts';
import type { PlatformData, StoredBlock } from './platform-data.ts';
import type { PlatformTagRunner } from './folder-registry.ts';
import { tagCount } from './platform-tag-attributes.ts';
import { QUERIES_PER_PAGE, queryNames, queryWindow } from './platform-query.ts';
import { tagBodyPartialName, type PlatformTag } from './platform-tags.ts';
import { themeMessages } from './theme-messages.ts';
import { scriptElements } from './script-loader.ts';
import { blockTextHtml } from './block-text.ts';


/** An attribute's value in the scope the tag stands in: `collection="{collection.urlId}"` is looked up there. */
function attribute(tag: PlatformTag, name: string, ctx: RenderContext): string | null {
  const raw = tag.attributes[name];
  if (raw === undefined) return null;
  return raw.includes('{') ? ctx.renderTemplate(raw, ctx.current()) : raw;
}


/** Renders the tag's body, or its `template` block, once against `value`; scopes around the tag stay visible. */
function renderWith(tag: PlatformTag, value: unknown, ctx: RenderContext): string {
  const template = tag.attributes.template;
  if (tag.body !== null) return ctx.applyPartial(tagBodyPartialName(tag.id), value, false) ?? '';
  if (template !== undefined && template !== '') return ctx.applyPartial(`${template}.block`, value, false) ?? '';
  return '';
}

function blockHtml(block: StoredBlock): string {
  // a text block is the owner's plain text (paragraphs, links), escaped: block-text.ts
  const content = block.type === 'html' ? block.content : blockTextHtml(block.content);
  return `<div class="sqs-block ${block.type}-block sqs-block-${block.type}" data-block-type="${block.type === 'html' ? 2 : 1}" id="block-${escapeHtmlAttribute(block.id)}">`
    + `<div class="sqs-block-content">${content}</div></div>`;
}

/**
 * The platform's layout wrapper of a block field: the stored blocks in one row of `columns`
 * columns, or the empty wrapper (`empty` class, no block) when the field holds nothing yet.
 */
export function blockFieldHtml(id: string, columns: number, label: string | null, extraClass: string | null, blocks: StoredBlock[]): string {
  const classes = ['sqs-layout', `sqs-grid-${columns}`, `columns-${columns}`];
  if (blocks.length === 0) classes.push('empty');
  if (extraClass) classes.push(extraClass);
  const labelAttribute = label !== null ? ` data-layout-label="${escapeHtmlAttribute(label)}"` : '';
  return `<div class="${escapeHtmlAttribute(classes.join(' '))}"${labelAttribute} data-type="block-field" id="${escapeHtmlAttribute(id)}">`
    + `<div class="row sqs-row"><div class="col sqs-col-${columns} span-${columns}">${blocks.map(blockHtml).join('')}</div></div></div>`;
}

/** Told when a tag renders nothing because the site lacks what it names (development logs it for the author). */
export type TagNotice = (tag: PlatformTag, message: string) => void;

/** Runs the platform tags of one page render against the site's data. */
export function createTagRunner(tags: ReadonlyMap<string, PlatformTag>, data: PlatformData, notice: TagNotice = () => {}): PlatformTagRunner {
  // one runner composes one page: its queries are counted in the order the page renders them
  let queriesRun = 0;
  return {
    run(tagId, ctx) {
      const tag = tags.get(tagId);
      if (tag === undefined) return '';
      switch (tag.kind) {
        case 'navigation': {
          const id = attribute(tag, 'navigationId', ctx) ?? '';
          const items = data.navigation(id);
          // a tag without its navigationId is the loader's error already
          if (items === undefined && id !== '') notice(tag, themeMessages.navigationNotInSite(id));
          return items === undefined ? '' : renderWith(tag, { items }, ctx);
        }
        case 'folder-navigation': {
          const folder = data.folderNavigation();
          return folder === null ? '' : renderWith(tag, folder, ctx);
        }
        case 'query': {
          // the platform runs eight queries a page: a later one reads nothing and renders nothing
          queriesRun += 1;
          if (queriesRun > QUERIES_PER_PAGE) {
            notice(tag, themeMessages.queryPastPageLimit(QUERIES_PER_PAGE));
            return '';
          }
          const collection = attribute(tag, 'collection', ctx) ?? '';
          const result = data.query({
            collection,
            ...queryWindow(tagCount(attribute(tag, 'limit', ctx)), tagCount(attribute(tag, 'skip', ctx))),
            featured: (attribute(tag, 'featured', ctx) ?? 'false') !== 'false',
            categories: queryNames(attribute(tag, 'category', ctx)),
            tags: queryNames(attribute(tag, 'tag', ctx)),
          });
          // a tag without its collection (`collecton="shop"`) is the loader's error already, said once in its words
          if (result === null && (tag.attributes.collection ?? '') !== '') {
            // the store's collection a mistyped name likely meant, as for a navigation
            const guess = collection === '' ? undefined : closestName(collection, data.collectionNames?.() ?? []);
            const said = themeMessages.queryCollectionNotInSite(collection);
            notice(tag, guess === undefined ? said : themeMessages.didYouMean(said, guess));
          }
          return result === null ? '' : renderWith(tag, result, ctx);
        }
        case 'block-field': {
          const id = attribute(tag, 'id', ctx) ?? '';
          const columns = tagCount(attribute(tag, 'columns', ctx)) ?? 12;
          const blocks = data.blockField(id);
          // the platform's empty wrapper: the author is told where the owner has content to give (admin,
          // Block fields), unless the id's instructions wrote nothing (`collection-header-{collection.id}`
          // on a page of no collection), which names no field the owner could fill
          if (blocks.length === 0 && id !== '' && !instructionsWroteNothing(tag.attributes.id ?? '', id)) notice(tag, themeMessages.blockFieldEmpty(id));
          return blockFieldHtml(id, columns, attribute(tag, 'label', ctx), attribute(tag, 'class', ctx), blocks);
        }
        case 'script': {
          // A run of script tags renders at its first tag, so its combo scripts load as one.
          if (tag.inRunOf !== undefined && tags.get(tag.inRunOf) !== undefined) return '';
          const run = (tag.scriptRun ?? [tag.id]).map((id) => tags.get(id)).filter((member) => member !== undefined);
          return scriptElements(run.map((member) => ({
            src: attribute(member, 'src', ctx) ?? '',
            combo: (attribute(member, 'combo', ctx) ?? '').trim() === 'true',
          })));
        }
        case 'category': {
          const collection = attribute(tag, 'collection', ctx) ?? '';
          const categories = data.categories(collection).map((name) => ({ name, slug: encodeURIComponent(name) }));
          return renderWith(tag, { categories }, ctx);
        }
        case 'related': {
          const items = data.related({
            collectionId: attribute(tag, 'collectionId', ctx) ?? '',
            itemId: attribute(tag, 'itemId', ctx) ?? '',
            // at most a query's 100, so a large shop's item page never reads every other product
            limit: queryWindow(tagCount(attribute(tag, 'limit', ctx)), null).limit,
          });
          return renderWith(tag, { items }, ctx);
        }
        default: {
          const never: never = tag.kind;
          return never;
        }
      }
    },
  };
}

/** Whether an attribute written with instructions (`a-{b}`) came out as its text alone: each instruction wrote nothing. */
function instructionsWroteNothing(written: string, value: string): boolean {
  if (!written.includes('{')) return false;
  let text = '';
  let from = 0;
  for (let open = written.indexOf('{'); open !== -1; open = written.indexOf('{', from)) {
    const close = written.indexOf('}', open + 1);
    if (close === -1) break;
    text += written.slice(from, open);
    from = close + 1;
  }
  return value === text + written.slice(from);
}
