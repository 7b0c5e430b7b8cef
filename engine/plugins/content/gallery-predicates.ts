/**
 * Gallery block option predicates, one per design, meta position and active
 * alignment value (`gallery-design-grid?`…) and one per on/off option
 * (`gallery-autoplay?`…), plus `gallery-meta?`. Options are looked up as
 * `options` through the scopes.
 */
import { asRecord, getChild, isTruthy } from '../../runtime/values.ts';
import { booleanOf, textOf } from '../core/node-coercion.ts';
import type { Predicate } from '../types.ts';
import {
  GALLERY_ACTIVE_ALIGNMENTS,
  GALLERY_BOOLEAN_OPTIONS,
  GALLERY_DESIGNS,
  GALLERY_META_POSITIONS,
} from '../enums.ts';

function selectPredicate(option: string, expected: string): Predicate {
  return {
    test(_value, _args, ctx) {
      const selected = getChild(ctx.resolve(['options']), option);
      return selected !== undefined && textOf(selected) === expected;
    },
  };
}

function booleanPredicate(option: string): Predicate {
  return {
    test(_value, _args, ctx) {
      const flag = getChild(ctx.resolve(['options']), option);
      return flag !== undefined && booleanOf(flag);
    },
  };
}

function buildGalleryPredicates(): Record<string, Predicate> {
  const table: Record<string, Predicate> = {};
  for (const design of GALLERY_DESIGNS) table[`gallery-design-${design}?`] = selectPredicate('design', design);
  for (const position of GALLERY_META_POSITIONS) {
    table[`gallery-meta-position-${position}?`] = selectPredicate('meta-position', position);
  }
  for (const alignment of GALLERY_ACTIVE_ALIGNMENTS) {
    table[`gallery-active-alignment-${alignment}?`] = selectPredicate('active-alignment', alignment);
  }
  for (const option of GALLERY_BOOLEAN_OPTIONS) table[`gallery-${option}?`] = booleanPredicate(option);

  // Meta is shown when the gallery has controls or indicators.
  table['gallery-meta?'] = {
    test(_value, _args, ctx) {
      const options = ctx.resolve(['options']);
      return isTruthy(asRecord(options)?.controls) || isTruthy(asRecord(options)?.indicators);
    },
  };
  return table;
}

export const galleryPredicates: Readonly<Record<string, Predicate>> = buildGalleryPredicates();
