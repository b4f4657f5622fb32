/**
 * Resolves in a later task, so what follows does not lengthen the caller's: on a phone the main
 * thread is free in between for a tap, a scroll or a paint (issue 16, Total Blocking Time).
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
