/**
 * Predicates about the current content item, collection or page: what kind of
 * page it is, what it links to, whether it has images, excerpts, locations…
 */
import { asRecord, isNumber, isObject, isTruthy, sizeOf } from '../../runtime/values.ts';
import type { Predicate } from '../types.ts';
import { CollectionType, FolderBehavior } from '../enums.ts';
import { exactly } from './arguments.ts';
import { booleanOf, intOf, longOf, textOf } from '../core/node-coercion.ts';
import { timeZoneOf } from '../date/time-zone.ts';
import { hasTextOutsideTags } from './text.ts';
import { sameCalendarDay } from './time-zone.ts';

const hasMainImage = (item: unknown): boolean =>
  isTruthy(asRecord(item)?.mainImageId) || isTruthy(asRecord(item)?.systemDataId);

/** Whether a collection type node names the given type; a missing node never does. */
const typeIs = (type: unknown, code: number): boolean => type !== undefined && intOf(type) === code;

export const itemPredicates = {
  'calendar-view?': {
    test: (_value, _args, ctx) => booleanOf(ctx.resolve(['calendarView'])),
  },

  'child-images?': {
    test(value) {
      const items = asRecord(value)?.items;
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
    test: (value) => isTruthy(asRecord(value)?.collection),
  },

  'collection-page?': {
    test: (value) => typeIs(asRecord(asRecord(value)?.collection)?.type, CollectionType.page),
  },

  /** The node's collection is a template page; without a collection, the node itself is checked. */
  'collection-template-page?': {
    test(value) {
      const collection = asRecord(value)?.collection;
      const type = collection === undefined ? asRecord(value)?.type : asRecord(collection)?.type;
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
      const excerpt = asRecord(value)?.excerpt;
      const html = asRecord(excerpt)?.html;
      const text = typeof html === 'string' ? html : typeof excerpt === 'string' ? excerpt : '';
      return hasTextOutsideTags(text);
    },
  },

  'external-link?': {
    test: (value) => isTruthy(asRecord(value)?.externalLink),
  },

  'folder?': {
    test: (value) => isTruthy(asRecord(asRecord(value)?.collection)?.folder),
  },

  'has-multiple?': {
    test: (value) => sizeOf(value) > 1,
  },

  /** A folder collection whose behaviour is "index" (a numeric code only). */
  'index?': {
    test(value) {
      const collection = asRecord(value)?.collection;
      if (!isObject(collection)) return false;
      const behavior = asRecord(collection)?.folderBehavior;
      return (
        isTruthy(asRecord(collection)?.folder) &&
        isNumber(behavior) &&
        intOf(behavior) === FolderBehavior.index
      );
    },
  },

  'location?': {
    test(value) {
      const location = asRecord(value)?.location;
      return asRecord(location)?.mapLat !== undefined && asRecord(location)?.mapLng !== undefined;
    },
  },

  'main-image?': {
    test: (value) => hasMainImage(value),
  },

  'passthrough?': {
    test: (value) => isTruthy(asRecord(value)?.passthrough) && textOf(asRecord(value)?.sourceUrl) !== '',
  },

  'redirect?': {
    test: (value) => intOf(asRecord(value)?.folderBehavior) === FolderBehavior.redirect,
  },

  /** Start and end fall on the same day in the website's time zone. */
  'same-day?': {
    test(value, _args, ctx) {
      const start = longOf(asRecord(value)?.startDate);
      const end = longOf(asRecord(value)?.endDate);
      return sameCalendarDay(start, end, timeZoneOf(ctx));
    },
  },

  'serviceNameEmail?': {
    test: (value) => textOf(asRecord(value)?.serviceName) === 'email',
  },

  'show-past-events?': {
    test: (value) => textOf(asRecord(value)?.showPastOrUpcomingEvents) === 'past',
  },
} satisfies Record<string, Predicate>;
