/**
 * Photos chosen for a product not saved yet. The upload call needs the product's id, so each
 * photo waits in the browser, shown from its file, with the alt text typed for it and its place
 * among the others; the first save creates the product and then sends them in that order
 * (ProductEditor.tsx). A photo the store refuses stays in the list with the reason beside it,
 * and keeps the form unsaved until it is removed or sent again, so none is lost without a word.
 */
import { IMAGE_TOO_LARGE, isImageTooLarge } from '../../lib/image-upload-limits.ts';

export interface StoredImage { id: string; assetUrl: string; altText: string }

export interface PendingImage extends StoredImage {
  /** The file to send; `assetUrl` is its preview (an object URL). */
  file: File;
  /** Why it was not uploaded, said beside it. */
  error?: string;
  /** Whether sending the same file again may succeed (a lost connection, an ended session, a server failure). */
  retryable?: boolean;
}

export type EditorImage = StoredImage | PendingImage;

let counter = 0;

export function isPending(image: EditorImage): image is PendingImage {
  return 'file' in image;
}

/** A chosen photo, shown at once; one over the size limit is marked so now, as the server would refuse it only after the whole upload. */
export function pendingImageOf(file: File): PendingImage {
  counter += 1;
  // jsdom and very old browsers have no object URLs: the row then shows the alt text in place of the picture
  const preview = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
  return { id: `pending-${counter}`, assetUrl: preview, altText: '', file, ...(isImageTooLarge(file.size) ? { error: IMAGE_TOO_LARGE } : {}) };
}

/** Frees a preview once its photo is uploaded or removed. */
export function releasePreview(image: EditorImage): void {
  if (isPending(image) && image.assetUrl.startsWith('blob:') && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(image.assetUrl);
}

/** The photos a save should send now: those waiting, and those whose refusal another try may mend. */
export function imagesToSend(images: readonly EditorImage[]): PendingImage[] {
  return images.filter(isPending).filter((image) => image.error === undefined || image.retryable === true);
}

/** The stored images only, for the save's payload (the server knows no waiting photo). */
export function storedImages(images: readonly EditorImage[]): StoredImage[] {
  return images.filter((image) => !isPending(image));
}

/**
 * The images as a save left them: the stored ones as the server answered, in its order (the
 * order sent), with the photos still waiting kept where they were among them.
 */
export function withWaitingImages(stored: readonly StoredImage[], before: readonly EditorImage[]): EditorImage[] {
  const queue = [...stored];
  const merged = before.flatMap((image): EditorImage[] => (isPending(image) ? [image] : queue.length > 0 ? [queue.shift()!] : []));
  return [...merged, ...queue];
}
