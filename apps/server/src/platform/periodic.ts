// Background work that repeats while the server runs (expiring unpaid orders, re-checking
// pending payments): once as soon as the server is ready, then every `everyMs`. A failed round
// is logged and the next one runs as planned; stopping waits for the round in progress.
import type { App } from './context';

export function runPeriodically(
  app: App,
  what: string,
  everyMs: number,
  task: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const round = () =>
    task().catch((error: unknown) =>
      app.log.warn({ err: error }, `${what} failed; it runs again shortly`),
    );
  app.addHook('onReady', async () => {
    running = round();
    timer = setInterval(() => {
      running = round();
    }, everyMs);
    // Never the reason a process stays alive.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/**
 * Runs `round` until one handles nothing (a queue's worker catching up); answers how many all
 * the rounds handled.
 */
export async function untilIdle(round: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const handled = await round();
    total += handled;
    if (handled === 0) return total;
  }
}
