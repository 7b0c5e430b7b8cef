/**
 * The video formatter: the wrapper markup of an embedded video, with an
 * optional overlay thumbnail. Arguments: `load-false` and `color-data`.
 */
import { messages } from '../../messages.ts';
import { asRecord, getChild, isTruthy } from '../../runtime/values.ts';
import { textOf } from '../core/node-coercion.ts';
import type { Formatter } from '../types.ts';
import { focalPoint } from './image.ts';
import { escapeHtmlAttribute } from '../core/html-escape.ts';

const OPTIONS = ['load-false', 'color-data'];

/** Overlay colour attributes: lower-case attribute names, the colorData keys they read. */
const OVERLAY_COLOURS: readonly (readonly [string, string])[] = [
  ['topleft', 'topLeftAverage'],
  ['topright', 'topRightAverage'],
  ['bottomleft', 'bottomLeftAverage'],
  ['bottomright', 'bottomRightAverage'],
  ['center', 'centerAverage'],
];

function overlay(video: unknown, useColourData: boolean): string {
  const hasThumbnail = isTruthy(asRecord(video)?.mainImageId) || isTruthy(asRecord(video)?.systemDataId);
  let out = '<div class="sqs-video-overlay';
  if (hasThumbnail) {
    out += '" style="opacity: 0;">';
    out += `<img data-load="false" data-src="${textOf(asRecord(video)?.assetUrl)}" `;
    out += `data-image-dimensions="${textOf(asRecord(video)?.originalSize)}" `;
    out += `data-image-focal-point="${focalPoint(video)}" `;
    const colorData = asRecord(video)?.colorData;
    if (useColourData && isTruthy(colorData)) {
      for (const [attribute, key] of OVERLAY_COLOURS) {
        out += `data-color-${attribute}="#${textOf(getChild(colorData, key))}" `;
      }
    }
    out += '/>';
  } else {
    out += ' no-thumb" style="opacity: 0;">';
  }
  return out + '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
}

export const video: Formatter = {
  validate(args) {
    const unexpected = args.find((arg) => !OPTIONS.includes(arg));
    return unexpected === undefined ? undefined : messages.contentArgUnexpectedValue(unexpected);
  },
  apply(value, args) {
    const oembed = asRecord(value)?.oembed;
    let out = '<div class="sqs-video-wrapper" ';
    if (args.includes('load-false')) out += ' data-load="false" ';
    out += `data-html="${escapeHtmlAttribute(textOf(asRecord(oembed)?.html))}" `;
    out += `data-provider-name="${textOf(asRecord(oembed)?.providerName)}">`;
    if (isTruthy(asRecord(value)?.overlay)) out += overlay(value, args.includes('color-data'));
    return out + '</div>';
  },
};
