/**
 * The compression worker: a same-origin module script bundled by Vite, so the CSP needs only
 * `worker-src 'self'` (no blob:, ADR 0044). One request per worker; the page terminates it to cancel.
 */
import { ImageTooLargeError, renderImage, type RenderRequest, type RenderResponse } from './image-render';

// The app's TypeScript lib is DOM, not WebWorker: only the two members used here are typed.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RenderRequest>) => void) | null;
  postMessage: (message: RenderResponse) => void;
};

scope.onmessage = (event) => {
  const post = (message: RenderResponse) => scope.postMessage(message);
  renderImage(event.data, (fraction) => post({ type: 'progress', fraction })).then(
    (blob) => post({ type: 'done', blob }),
    (error: unknown) =>
      post({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
        tooLarge: error instanceof ImageTooLargeError,
      }),
  );
};
