// The messaging widget inside the support chat box (spec sections 2, 4 and 5): dots while the
// message is "on its way", then the business's message, and a one-line form that hands the typed
// text to WhatsApp. It makes no API call.
import { useEffect, useId, useRef, useState } from 'react';
import type { CSSProperties, FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { TIME_ICON_MARGIN_LEFT_PX } from '../chat-settings';
import { whatsappSendLink } from '../chat-text';

export interface MessagingWidgetProps {
  phoneNumber: string;
  /** The business's message shown once loaded. */
  message: string;
  senderLabel: string;
  /** When the message arrived, e.g. '14:05'. */
  timeLabel: string;
  placeholder?: string;
  /** What the input starts with (a product page prepares one). */
  initialText?: string;
  /** Address of a sound played when the message arrives; no sound (and no download) without one. */
  sound?: string;
  loading: boolean;
  /** Called with the sent text after the WhatsApp window has been opened. */
  onSubmit?: (text: string) => void;
}

function ClockIcon({ style }: { style?: CSSProperties }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="12"
      height="12"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
      style={style}
    >
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 4.5V8l2.5 1.5" />
    </svg>
  );
}

function SendIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
      <path d="M3.4 20.4 21 12 3.4 3.6l-.02 6.53L15 12 3.38 13.87z" />
    </svg>
  );
}

function LoadingDots() {
  const t = useT();
  const dot =
    'size-2 rounded-full bg-stone-500 animate-bounce motion-reduce:animate-none chat-dark:bg-stone-300';
  return (
    <div className="inline-flex items-center gap-1 rounded-lg bg-white px-3 py-3 shadow-sm chat-dark:bg-[#202c33]">
      <span className="sr-only">{t('chat.loading')}</span>
      <span aria-hidden="true" className={dot} />
      <span aria-hidden="true" className={`${dot} [animation-delay:150ms]`} />
      <span aria-hidden="true" className={`${dot} [animation-delay:300ms]`} />
    </div>
  );
}

export function MessagingWidget({
  phoneNumber,
  message,
  senderLabel,
  timeLabel,
  placeholder,
  initialText = '',
  sound,
  loading,
  onSubmit,
}: MessagingWidgetProps) {
  const t = useT();
  const [text, setText] = useState(initialText);
  const inputRef = useRef<HTMLInputElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const inputId = useId();

  // Once the message is there, the shopper answers it: focus moves from the box's close button
  // to the input (only if focus is still in the box, so nothing is taken from elsewhere).
  useEffect(() => {
    if (loading) return;
    const input = inputRef.current;
    if (input?.closest('[role="dialog"]')?.contains(document.activeElement)) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
    // A browser may refuse to play before the page has had a gesture; the sound is a nicety.
    audioRef.current?.play().catch(() => undefined);
  }, [loading]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const link = whatsappSendLink(phoneNumber, text);
    if (!link) return;
    window.open(link, '_blank', 'noopener,noreferrer');
    onSubmit?.(text.trim());
    setText('');
  };

  return (
    <>
      {/* Read out when the message replaces the dots. */}
      <div
        aria-live="polite"
        className="min-h-0 flex-1 overflow-y-auto bg-[#efeae2] bg-[radial-gradient(#d6cfc4_1px,transparent_1px)] bg-size-[14px_14px] p-3 chat-dark:bg-[#0b141a] chat-dark:bg-[radial-gradient(#1d2a31_1px,transparent_1px)]"
      >
        {loading ? (
          <LoadingDots />
        ) : (
          <div className="max-w-[85%] rounded-lg rounded-tl-none bg-white px-3 py-2 text-stone-900 shadow-sm chat-dark:bg-[#202c33] chat-dark:text-stone-100">
            <p className="text-sm font-semibold text-[#075e54] chat-dark:text-[#25d366]">
              {senderLabel}
            </p>
            <p className="text-sm whitespace-pre-line">{message}</p>
            <p className="mt-1 flex items-center justify-end text-xs text-stone-600 chat-dark:text-stone-400">
              <time>{timeLabel}</time>
              <ClockIcon style={{ marginLeft: TIME_ICON_MARGIN_LEFT_PX }} />
            </p>
          </div>
        )}
      </div>
      <form
        onSubmit={submit}
        className="flex shrink-0 items-center gap-2 bg-stone-100 p-2 chat-dark:bg-[#1f2c33]"
      >
        <label htmlFor={inputId} className="sr-only">
          {t('chat.message')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          dir="auto"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder ?? t('chat.typeMessage')}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2 text-base text-stone-900 placeholder:text-stone-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-[#128c7e] chat-dark:border-stone-600 chat-dark:bg-[#2a3942] chat-dark:text-stone-100 chat-dark:placeholder:text-stone-400"
        />
        <button
          type="submit"
          aria-label={t('chat.send')}
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-[#128c7e] text-white hover:bg-[#075e54] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#128c7e]"
        >
          <SendIcon />
        </button>
      </form>
      {sound && <audio ref={audioRef} src={sound} preload="auto" />}
    </>
  );
}
