/**
 * How many images a server process decodes, cleans and resizes at once. A 48-megapixel
 * phone photo (a 20 MB JPEG) takes about 300 MB of memory above the process's own while sharp
 * cleans it and makes its copies, 450 MB when it must be turned upright, so four at once took
 * 1.9 GB: more than a small server has (five in line, one at a time, 0.8 GB). One after the other
 * they take about as long in all (sharp already keeps the processor busy with one), so image work
 * takes turns: a few uploads wait, each holding only its file (at most MAX_IMAGE_BYTES), and one
 * past those is refused with 503 and Retry-After rather than grow the memory further; the editor
 * then offers to send it again. An upload takes its place in the line before its file is read
 * (image-upload-turn.ts), so the files being received count as waiting too, and however many
 * uploads arrive at once, no more files than that are in memory.
 *
 * The work the storefront starts on old images (cleaning their metadata, clean-uploads.ts, and
 * making their missing copies, image-copies.ts) takes the same turns: it is never refused, but
 * waits, each kind on its own line of one, so however many old images a crawler asks for, an
 * upload waits behind at most one job of each kind.
 */
import type { Response } from 'express';
import pLimit, { type LimitFunction } from 'p-limit';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import { HttpError } from '../security/http-error.ts';

/** Images worked on at once in one process. */
export const IMAGES_AT_ONCE = 1;
/** Uploads that may wait for their turn: a few owners or tabs uploading together all get through. */
export const IMAGES_WAITING = 4;
/** When to send a refused upload again: about the time the waiting ones take to clear. */
export const IMAGES_BUSY_RETRY_AFTER_SECONDS = 10;

/** Runs a piece of background image work in its turn, one at a time, never refused. */
export type BackgroundImageLine = <T>(work: () => Promise<T>) => Promise<T>;

/** An upload's place in the line, taken before its file is read. */
export interface UploadTurn {
  /** Runs the upload's work in its turn (once); the place is given up when the work ends. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place up without running anything (a refused or abandoned upload); nothing once the work has begun. */
  leave(): void;
}

export interface ImageWorkQueue {
  /**
   * Takes a place for an upload. With `atOnce + waiting` uploads already in (worked on, waiting,
   * or being received), sets Retry-After on `res` and throws 503 (the catalogue's `imagesBusy`,
   * under the image field) instead.
   */
  admit(res: Response): UploadTurn;
  /** A line for one kind of background work: its jobs run one after the other, each in its turn here. */
  backgroundLine(): BackgroundImageLine;
}

export function imageWorkQueue(atOnce = IMAGES_AT_ONCE, waiting = IMAGES_WAITING): ImageWorkQueue {
  const limit: LimitFunction = pLimit(atOnce);
  // only uploads count towards the refusal (each holds its file meanwhile): background work
  // waiting must not turn the owner away. Checked and counted in one synchronous step, so two
  // uploads arriving together can never both take the last place.
  let uploadsIn = 0;
  function admit(res: Response): UploadTurn {
    if (uploadsIn >= atOnce + waiting) {
      res.set('Retry-After', String(IMAGES_BUSY_RETRY_AFTER_SECONDS));
      throw new HttpError(503, ADMIN.server.imagesBusy, { fieldErrors: { image: ADMIN.server.imagesBusy } });
    }
    uploadsIn += 1;
    let state: 'holding' | 'left' | 'running' = 'holding';
    return {
      run(work) {
        if (state === 'running') throw new Error('An upload\'s turn runs once.');
        // a place left too early (its client went away) is taken again: the file is in memory all the same
        if (state === 'left') uploadsIn += 1;
        state = 'running';
        return limit(work).finally(() => {
          uploadsIn -= 1;
        });
      },
      leave() {
        if (state !== 'holding') return;
        state = 'left';
        uploadsIn -= 1;
      },
    };
  }
  return {
    admit,
    backgroundLine() {
      // one job of the line at a time joins the shared turns, so the line's backlog waits outside them
      const line = pLimit(1);
      return (work) => line(() => limit(work));
    },
  };
}

/** The process's one queue: every app in it shares the memory it guards. */
export const imageWork = imageWorkQueue();
