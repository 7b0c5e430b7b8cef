/**
 * A file sent to an admin call with its progress: fetch cannot tell how much of a request body
 * has gone, and a phone photo on a slow connection takes long enough that the owner needs to see
 * it move. The answer is read like any admin call's (admin-api.ts).
 */
import { answerOf, callHeaders, unanswered, type CallResult } from './admin-api.ts';

/** `onProgress` gets the share sent so far, 0 to 1. */
export function adminUpload<T>(path: string, body: FormData, onProgress: (sent: number) => void): Promise<CallResult<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    for (const [name, value] of Object.entries(callHeaders('POST'))) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => resolve(answerOf<T>(path, request.status, request.responseText, request.getResponseHeader('Retry-After'))));
    // a dropped connection or a timeout: nothing was answered, the owner may send it again
    request.addEventListener('error', () => resolve(unanswered()));
    request.addEventListener('timeout', () => resolve(unanswered()));
    request.addEventListener('abort', () => resolve(unanswered()));
    request.send(body);
  });
}
