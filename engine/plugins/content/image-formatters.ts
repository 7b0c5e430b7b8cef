/**
 * Formatters that turn image data into markup or sizes: image, image-meta,
 * child-image-meta, cover-image-meta, image-srcset, image-color, width,
 * height, resizedWidthForHeight, resizedHeightForWidth and the two
 * squarespaceThumbnailFor* formatters.
 */
import { messages } from '../../messages.ts';
import { asRecord, getChild, getPath } from '../../runtime/values.ts';
import type { Formatter, RenderContext } from '../types.ts';
import { BlockType } from '../enums.ts';
import { atMost, leadingInteger } from './arguments.ts';
import { parseInt32 } from '../core/java-text.ts';
import { intOf, textOf } from '../core/node-coercion.ts';
import {
  COLOUR_POSITIONS,
  altTextFromItem,
  imageMetaAttributes,
  pixelSize,
  resizedLength,
  splitDimensions,
  srcsetAttribute,
  thumbnailVariantForWidth,
} from './image.ts';
import { escapeHtmlAttribute } from '../core/html-escape.ts';

// The reference ends this message with a period where a formatter prints it.
const INVALID_SIZE_TEXT = `${messages.imageMissingOriginalSize}.`;

/**
 * Alt text of an `image`: inside an image block (blockType 5) the item's own
 * altText, trimmed, even when empty; elsewhere the text taken from the item.
 */
function imageAltText(image: unknown, ctx: RenderContext): string {
  const blockType = ctx.resolve(['blockType']);
  if (blockType !== undefined && intOf(blockType) === BlockType.image) {
    return textOf(asRecord(image)?.altText).trim();
  }
  return altTextFromItem(image);
}

const image: Formatter = {
  validate: (args) => atMost(1, args),
  apply(value, args, ctx) {
    const cls = args.length === 1 ? args[0]! : 'thumb-image';
    const alt = imageAltText(value, ctx);
    const assetUrl = textOf(asRecord(value)?.assetUrl);
    const id = textOf(asRecord(value)?.id);
    return (
      `<noscript><img src="${assetUrl}" alt="${escapeHtmlAttribute(alt)}" /></noscript>` +
      `<img class="${cls}" ${imageMetaAttributes(value, alt)}` +
      `data-load="false" data-image-id="${id}" data-type="image" />`
    );
  },
};

const imageMeta: Formatter = {
  apply: (value) => imageMetaAttributes(value),
};

const childImageMeta: Formatter = {
  validate(args) {
    const countProblem = atMost(1, args);
    if (countProblem !== undefined) return countProblem;
    if (args.length === 1 && parseInt32(args[0]!) === undefined) {
      return messages.contentArgIntegerIndex(args[0]!);
    }
    return undefined;
  },
  apply(value, args) {
    const index = args.length === 1 ? parseInt32(args[0]!)! : 0;
    return imageMetaAttributes(getPath(value, ['items', index]));
  },
};

const coverImageMeta: Formatter = {
  apply: (value) => imageMetaAttributes(asRecord(value)?.coverImage),
};

const imageSrcset: Formatter = {
  apply: (value) => srcsetAttribute(value),
};

const imageColor: Formatter = {
  validate(args) {
    const countProblem = atMost(2, args);
    if (countProblem !== undefined) return countProblem;
    if (args.length >= 1 && !(COLOUR_POSITIONS as readonly string[]).includes(args[0]!)) {
      return messages.contentArgIllegalValue(args[0]!);
    }
    return undefined;
  },
  apply(value, args) {
    const colorData = asRecord(value)?.colorData;
    if (colorData === undefined) return undefined;

    if (args.length === 0) {
      return COLOUR_POSITIONS.map(
        (position) => `data-color-${position}="#${textOf(getChild(colorData, `${position}Average`))}" `,
      ).join('');
    }
    const position = args[0]!;
    const colour = textOf(getChild(colorData, `${position}Average`));
    if (colour === '') return messages.contentColourNotFound(position);
    return args.length === 2 ? `${args[1]}: #${colour}` : `#${colour}`;
  },
};

/** width / height: one side of `originalSize` ("WxH"); only that side is read as a number, as in the reference. */
function dimensionFormatter(side: 0 | 1): Formatter {
  return {
    apply(value) {
      const pieces = splitDimensions(value);
      return pieces === undefined ? INVALID_SIZE_TEXT : pixelSize(pieces[side]);
    },
  };
}

function resizeFormatter(fromHeight: boolean): Formatter {
  return {
    validate: leadingInteger,
    apply(value, args) {
      const resized = resizedLength(value, parseInt32(args[0]!)!, fromHeight);
      return resized === undefined ? INVALID_SIZE_TEXT : resized;
    },
  };
}

const thumbnailForWidth: Formatter = {
  validate: leadingInteger,
  apply: (_value, args) => thumbnailVariantForWidth(parseInt32(args[0]!)!),
};

const thumbnailForHeight: Formatter = {
  validate: leadingInteger,
  apply(value, args) {
    const width = resizedLength(value, parseInt32(args[0]!)!, true);
    return width === undefined ? INVALID_SIZE_TEXT : thumbnailVariantForWidth(width);
  },
};

export const imageFormatters = {
  image,
  'image-meta': imageMeta,
  'child-image-meta': childImageMeta,
  'cover-image-meta': coverImageMeta,
  'image-srcset': imageSrcset,
  'image-color': imageColor,
  width: dimensionFormatter(0),
  height: dimensionFormatter(1),
  resizedHeightForWidth: resizeFormatter(false),
  resizedWidthForHeight: resizeFormatter(true),
  squarespaceThumbnailForWidth: thumbnailForWidth,
  squarespaceThumbnailForHeight: thumbnailForHeight,
} satisfies Record<string, Formatter>;
