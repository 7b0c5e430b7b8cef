/**
 * Predicates about the current content item, collection or page: what kind of
 * page it is, what it links to, whether it has images, excerpts, locations…
 */
import { getChild, getPath, isNumber, isObject, isTruthy, sizeOf } from '../../runtime/values.ts';
import type { Predicate } from '../types.ts';
import { CollectionType, FolderBehavior } from '../enums.ts';
import { exactly } from './arguments.ts';
import { booleanOf, intOf, longOf, textOf } from '../core/node-coercion.ts';
import { timeZoneOf } from '../date/time-zone.ts';
import { hasTextOutsideTags } from './text.ts';
import { sameCalendarDay } from './time-zone.ts';

const hasMainImage = (item: unknown): boolean =>
  isTruthy(getChild(item, 'mainImageId')) || isTruthy(getChild(item, 'systemDataId'));

/** Whether a collection type node names the given type; a missing node never does. */
const typeIs = (type: unknown, code: number): boolean => type !== undefined && intOf(type) === code;

export const itemPredicates = {
  'calendar-view?': {
    test: (_value, _args, ctx) => booleanOf(ctx.resolve(['calendarView'])),
  },

  'child-images?': {
    test(value) {
      const items = getChild(value, 'items');
      return Array.isArray(items) && items.length > 0 && hasMainImage(items[0]);
    },
  },

  /** A folder is clickable when it opens an index or redirects; anything not a folder is. */
  'clickable?': {
    test(_value, _args, ctx) {
      const behavior = ctx.resolve(['folderBehavior']);
      if (behavior === undefined) return true;
      const code = intOf(behavior);
      return code === FolderBehavior.index || code === FolderBehavior.redirect;
    },
  },

  'collection?': {
    test: (value) => isTruthy(getChild(value, 'collection')),
  },

  'collection-page?': {
    test: (value) => typeIs(getPath(value, ['collection', 'type']), CollectionType.page),
  },

  /** The node's collection is a template page; without a collection, the node itself is checked. */
  'collection-template-page?': {
    test(value) {
      const collection = getChild(value, 'collection');
      const type = collection === undefined ? getChild(value, 'type') : getChild(collection, 'type');
      return typeIs(type, CollectionType['template-page']);
    },
  },

  'collectionTypeNameEquals?': {
    validate: (args) => exactly(1, args),
    test: (_value, args, ctx) => args.length > 0 && textOf(ctx.resolve(['typeName'])) === args[0],
  },

  /** An excerpt (text or `{html}`) with something left once tags and blanks are removed. */
  'excerpt?': {
    test(value) {
      const excerpt = getChild(value, 'excerpt');
      const html = getChild(excerpt, 'html');
      const text = typeof html === 'string' ? html : typeof excerpt === 'string' ? excerpt : '';
      return hasTextOutsideTags(text);
    },
  },

  'external-link?': {
    test: (value) => isTruthy(getChild(value, 'externalLink')),
  },

  'folder?': {
    test: (value) => isTruthy(getPath(value, ['collection', 'folder'])),
  },

  'has-multiple?': {
    test: (value) => sizeOf(value) > 1,
  },

  /** A folder collection whose behaviour is "index" (a numeric code only). */
  'index?': {
    test(value) {
      const collection = getChild(value, 'collection');
      if (!isObject(collection)) return false;
      const behavior = getChild(collection, 'folderBehavior');
      return (
        isTruthy(getChild(collection, 'folder')) &&
        isNumber(behavior) &&
        intOf(behavior) === FolderBehavior.index
      );
    },
  },

  'location?': {
    test(value) {
      const location = getChild(value, 'location');
      return getChild(location, 'mapLat') !== undefined && getChild(location, 'mapLng') !== undefined;
    },
  },

  'main-image?': {
    test: (value) => hasMainImage(value),
  },

  'passthrough?': {
    test: (value) => isTruthy(getChild(value, 'passthrough')) && textOf(getChild(value, 'sourceUrl')) !== '',
  },

  'redirect?': {
    test: (value) => intOf(getChild(value, 'folderBehavior')) === FolderBehavior.redirect,
  },

  /** Start and end fall on the same day in the website's time zone. */
  'same-day?': {
    test(value, _args, ctx) {
      const start = longOf(getChild(value, 'startDate'));
      const end = longOf(getChild(value, 'endDate'));
      return sameCalendarDay(start, end, timeZoneOf(ctx));
    },
  },

  'serviceNameEmail?': {
    test: (value) => textOf(getChild(value, 'serviceName')) === 'email',
  },

  'show-past-events?': {
    test: (value) => textOf(getChild(value, 'showPastOrUpcomingEvents')) === 'past',
  },
} satisfies Record<string, Predicate>;
