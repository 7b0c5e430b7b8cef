import type { FormatterTable, PredicateTable } from '../types.ts';
import { colourFormatters } from './colour-formatters.ts';
import { galleryPredicates } from './gallery-predicates.ts';
import { imageFormatters } from './image-formatters.ts';
import { itemClasses } from './item-classes.ts';
import { itemPredicates } from './item-predicates.ts';
import { recordTypePredicates } from './record-type-predicates.ts';
import { currentType } from './slide-predicates.ts';
import { textFormatters } from './text-formatters.ts';
import { video } from './video-formatter.ts';

export const contentFormatters: FormatterTable = {
  ...textFormatters,
  ...colourFormatters,
  ...imageFormatters,
  'item-classes': itemClasses,
  video,
};

export const contentPredicates: PredicateTable = {
  ...itemPredicates,
  ...galleryPredicates,
  ...recordTypePredicates,
  'current-type?': currentType,
};
