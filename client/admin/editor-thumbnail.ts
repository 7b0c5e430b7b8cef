/**
 * A product photo's thumbnail in the editor (96 × 96 px, cropped to fill): one of the resized copies
 * the store makes of an upload (`?format=Nw`, server/admin/README.md, "Uploaded images"), not the
 * original, which was a phone's 9.4 MB, 4032 × 3024 photo for each thumbnail. Filling 96 px with a
 * 4:3 photo takes 128 px of width a device pixel: the 300 px copy up to a 2× screen, the 500 px one
 * on a 3× screen. The server answers a photo too small for that copy (or one stored before copies)
 * with its original. A GIF gets no copies (asked for one, the server sends the original under
 * another address), nor does a picture elsewhere (an imported product's address): those load as they are.
 */

/** An uploaded original the store makes copies of: `/uploads/<24 hex digits>.jpg|png|webp`, no query. */
const RESIZED_UPLOAD = /^\/uploads\/[0-9a-f]{24}\.(?:jpg|png|webp)$/;

export const THUMBNAIL_COPY = 300;
export const THUMBNAIL_COPY_3X = 500;

export function editorThumbnail(assetUrl: string): { src: string; srcSet?: string } {
  if (!RESIZED_UPLOAD.test(assetUrl)) return { src: assetUrl };
  const copy = (width: number) => `${assetUrl}?format=${width}w`;
  return { src: copy(THUMBNAIL_COPY), srcSet: `${copy(THUMBNAIL_COPY)} 2x, ${copy(THUMBNAIL_COPY_3X)} 3x` };
}
