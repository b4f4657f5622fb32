// The chat widgets' numbers, in one place (spec section 9). Delays are configured in seconds, as the
// spec's settings are, and turned into milliseconds only where a timer is set.

/** Seconds between opening the box and the business's message arriving (the dots show meanwhile). */
export const MESSAGE_DELAY_SECONDS = 2;
/** Seconds before the launcher shows its badge, unless the shopper has opened the box. */
export const NOTIFICATION_DELAY_SECONDS = 60;
/** A shorter notification delay nags the shopper; the spec refuses it. */
export const MIN_NOTIFICATION_DELAY_SECONDS = 10;
/** The open box's height in px; a closed box is 0 high. */
export const BOX_HEIGHT_PX = 320;
export const CLOSED_BOX_HEIGHT_PX = 0;
/** What the badge says: one message is waiting. */
export const BADGE_TEXT = '1';
/** The header's avatar, square. */
export const AVATAR_SIZE_PX = 60;
/** Space between the message's time and its clock icon. */
export const TIME_ICON_MARGIN_LEFT_PX = 5;

/** Spec section 9: delay = seconds x 1000 ms. */
export function secondsToMs(seconds: number): number {
  return seconds * 1000;
}

/**
 * The notification delay in ms: a configured delay under the minimum is logged and not used,
 * the default is used instead (spec section 4). A missing or non-numeric one is the default.
 */
export function notificationDelayMs(
  configuredSeconds: number | undefined,
  logError: (message: string) => void = (message) => console.error(message),
): number {
  if (configuredSeconds === undefined) return secondsToMs(NOTIFICATION_DELAY_SECONDS);
  if (!Number.isFinite(configuredSeconds) || configuredSeconds < MIN_NOTIFICATION_DELAY_SECONDS) {
    logError(
      `Chat notification delay ${configuredSeconds} s is under the minimum of ${MIN_NOTIFICATION_DELAY_SECONDS} s; using ${NOTIFICATION_DELAY_SECONDS} s.`,
    );
    return secondsToMs(NOTIFICATION_DELAY_SECONDS);
  }
  return secondsToMs(configuredSeconds);
}
