// The outbox worker of this process: a round at start, one every POLL_MS for what other
// processes wrote and for retries that came due, and one as soon as this process wrote a
// message (wake). Rounds never overlap; stop() waits for the one in progress.
import type { App } from '../../platform/context';
import type { MessageWorker } from './outbox';

const POLL_MS = 2_000;

export type MessageRunner = { wake(): void; stop(): Promise<void> };

export function runMessageWorker(
  app: App,
  worker: Pick<MessageWorker, 'drain'>,
  pollMs = POLL_MS,
): MessageRunner {
  let stopped = true;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(wake, pollMs);
    timer.unref();
  };

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = worker
      .drain()
      .then(
        () => undefined,
        (error: unknown) =>
          app.log.warn({ err: error }, 'message worker failed; it runs again shortly'),
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        } else {
          schedule();
        }
      });
  }

  app.addHook('onReady', async () => {
    stopped = false;
    wake();
  });
  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
