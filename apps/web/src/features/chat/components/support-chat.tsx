// The support chat box (spec sections 2 and 4): a round launcher and a popup that grows from 0 to
// the box height. It owns the timers; what is inside the popup (the messaging widget) is given.
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { WhatsAppIcon } from '../../../components/brand-icons';
import { CloseIcon } from '../../../components/icons';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useT } from '../../../lib/i18n';
import {
  AVATAR_SIZE_PX,
  BADGE_TEXT,
  BOX_HEIGHT_PX,
  CLOSED_BOX_HEIGHT_PX,
  MESSAGE_DELAY_SECONDS,
  notificationDelayMs,
  secondsToMs,
} from '../chat-settings';

export interface SupportChatProps {
  /** Picture of the business; its initial stands in without one. */
  avatar?: string;
  name: string;
  status?: string;
  /** The launcher's accessible name. */
  label: string;
  /** Height of the open box, px. */
  boxHeight?: number;
  /** Seconds from opening to the message's arrival (then onOpen runs). */
  delay?: number;
  /** Seconds before the badge shows; under 10 is logged and the default used. */
  notificationDelay?: number;
  onOpen?: () => void;
  onClose?: () => void;
  closeOnOutsideClick?: boolean;
  closeOnEscape?: boolean;
  /** Whether the launcher shows its '1' badge after the notification delay. */
  notification?: boolean;
  /** Forces the dark or light look; by default the shopper's system setting decides. */
  darkMode?: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

const darkQuery = '(prefers-color-scheme: dark)';

function subscribeToScheme(onChange: () => void) {
  const media = window.matchMedia(darkQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function usePrefersDark(): boolean {
  return useSyncExternalStore(
    subscribeToScheme,
    () => window.matchMedia(darkQuery).matches,
    () => false,
  );
}

function Avatar({ src, name }: { src?: string; name: string }) {
  const [failed, setFailed] = useState(false);
  const size = { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX };
  // Decorative: the name line beside it names the business. Lazy and from the stored
  // renditions: the panel is closed on most visits, and the server painted this <img> into
  // every page, where React would otherwise preload the full 1200 px picture with the page.
  if (src && !failed) {
    return (
      <ResponsiveImage
        src={src}
        alt=""
        sizes={`${AVATAR_SIZE_PX}px`}
        {...size}
        style={size}
        onError={() => setFailed(true)}
        className="shrink-0 rounded-full bg-white object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={size}
      className="flex shrink-0 items-center justify-center rounded-full bg-white/20 text-2xl font-semibold"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

export function SupportChat({
  avatar,
  name,
  status,
  label,
  boxHeight = BOX_HEIGHT_PX,
  delay = MESSAGE_DELAY_SECONDS,
  notificationDelay,
  onOpen,
  onClose,
  closeOnOutsideClick = true,
  closeOnEscape = true,
  notification = true,
  darkMode,
  className = '',
  style,
  children,
}: SupportChatProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [badge, setBadge] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const notificationTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const messageTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const popupId = useId();
  const nameId = useId();
  const prefersDark = usePrefersDark();
  const dark = darkMode ?? prefersDark;

  // The latest callbacks, so a timer set at opening calls the ones current when it fires.
  const callbacks = useRef({ onOpen, onClose });
  useEffect(() => {
    callbacks.current = { onOpen, onClose };
  });

  useEffect(() => {
    if (!notification) return;
    notificationTimer.current = setTimeout(
      () => setBadge(true),
      notificationDelayMs(notificationDelay),
    );
    return () => clearTimeout(notificationTimer.current);
  }, [notification, notificationDelay]);

  useEffect(() => () => clearTimeout(messageTimer.current), []);

  const openChat = () => {
    if (open) return;
    clearTimeout(notificationTimer.current);
    setBadge(false);
    setOpen(true);
    // Spec section 4: after the delay the second step runs (the message arrives), then onOpen.
    messageTimer.current = setTimeout(() => callbacks.current.onOpen?.(), secondsToMs(delay));
  };

  const closeChat = useCallback(() => {
    clearTimeout(messageTimer.current);
    // Focus goes back to the launcher only when it was in the box: an outside click leaves it
    // wherever the shopper clicked.
    const focusWasInside = rootRef.current?.contains(document.activeElement) ?? false;
    setOpen(false);
    callbacks.current.onClose?.();
    if (focusWasInside) launcherRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (closeOnEscape && event.key === 'Escape' && !event.defaultPrevented) closeChat();
    };
    // Clicks inside the box (and on the launcher) are not outside clicks.
    const onClick = (event: MouseEvent) => {
      if (!closeOnOutsideClick) return;
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      closeChat();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
    };
  }, [open, closeOnEscape, closeOnOutsideClick, closeChat]);

  return (
    <div ref={rootRef} className="fixed right-4 bottom-4 z-40 print:hidden">
      <div
        id={popupId}
        role="dialog"
        aria-labelledby={nameId}
        // A closed box is 0 high and invisible, so neither focus nor a screen reader finds it.
        // Visibility is transitioned only when closing (it stays visible while the box shrinks):
        // transitioned when opening, it would stay hidden for the first frame and refuse focus.
        inert={!open}
        data-chat-theme={dark ? 'dark' : 'light'}
        style={{ height: open ? boxHeight : CLOSED_BOX_HEIGHT_PX, ...style }}
        className={`absolute right-0 bottom-full mb-3 flex w-[min(22rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-lg shadow-xl shadow-black/25 duration-300 ease-out motion-reduce:transition-none ${open ? 'visible transition-[height]' : 'invisible transition-[height,visibility]'} ${className}`}
      >
        <div className="flex shrink-0 items-center gap-3 bg-[#075e54] px-3 py-2 text-white chat-dark:bg-[#202c33]">
          <Avatar src={avatar} name={name} />
          <div className="min-w-0 flex-1">
            <p id={nameId} className="truncate font-semibold">
              {name}
            </p>
            {status && <p className="truncate text-sm text-white/80">{status}</p>}
          </div>
          <button
            ref={closeRef}
            type="button"
            aria-label={t('chat.close')}
            onClick={closeChat}
            className="flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        {children}
      </div>
      {/* WhatsApp's teal green rather than its light green: white on it keeps the 3:1 an icon needs. */}
      <button
        ref={launcherRef}
        type="button"
        aria-label={badge ? t('chat.launcherNews', { label }) : label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={popupId}
        title={name ? t('chat.with', { name }) : undefined}
        onClick={openChat}
        className="relative flex size-14 items-center justify-center rounded-full bg-[#128c7e] text-white shadow-lg shadow-black/20 transition-transform hover:scale-105 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900 motion-reduce:transition-none motion-reduce:hover:scale-100"
      >
        <WhatsAppIcon className="size-8" />
        {badge && (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 flex size-5 items-center justify-center rounded-full bg-red-600 text-xs font-bold text-white"
          >
            {BADGE_TEXT}
          </span>
        )}
      </button>
      {/* The badge's news, read out once when it appears (the launcher's name says it too). */}
      <span role="status" className="sr-only">
        {badge ? t('chat.news', { name: name || label }) : ''}
      </span>
    </div>
  );
}
