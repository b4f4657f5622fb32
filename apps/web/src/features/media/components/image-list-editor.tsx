// An ordered picture list with uploads: thumbnails, Move up / Move down (swap with the neighbour,
// ignored at the ends), Remove, and one progress bar per file being sent. Used by the shop's
// Manage Images dialog and the product form; what it changes is saved with its form.
import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type { Dispatch, Ref, SetStateAction } from 'react';
import { UPLOAD_MESSAGES, type MediaKind } from '@soko/contract';
import { ResponsiveImage } from '../../../components/responsive-image';
import { alertClass, focusRing, secondaryButton } from '../../../components/form-styles';
import { fitsLimit, moveImage, removeImage, type MoveDirection } from '../image-list';
import { UploadError, uploadImage } from '../upload-image';
import { useOwnerT } from '../../../lib/staff-i18n';

export interface ImageListEditorProps {
  /** Names the list: 'Shop images', 'Product images'. */
  label: string;
  kind: MediaKind;
  /** The shop the pictures belong to; none for blog pictures, which belong to no shop. */
  shopId?: string;
  images: string[];
  onChange: Dispatch<SetStateAction<string[]>>;
  limit: number;
  /** Shown when adding the chosen files would pass `limit` (spec section 5's wording). */
  limitMessage: string;
  /** Told when uploads start and end, so the form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
  /** For a form that saves the list: see ImageListEditorHandle. */
  ref?: Ref<ImageListEditorHandle>;
}

export interface ImageListEditorHandle {
  /**
   * Sends the files chosen but not yet uploaded (progress shown as for Upload) and waits for
   * every upload under way. True when all went up (or none was waiting); false when one was
   * refused or failed, whose message the editor shows. A form calls it before saving, so a
   * Save pressed before Upload never drops the chosen pictures (issue 29).
   */
  uploadChosen(): Promise<boolean>;
}

interface Upload {
  id: string;
  name: string;
  progress: number;
}

const smallButton = `rounded border border-stone-300 px-2 py-1 text-xs font-semibold text-stone-800 hover:bg-stone-100 ${focusRing}`;

export function ImageListEditor({
  label,
  kind,
  shopId,
  images,
  onChange,
  limit,
  limitMessage,
  onBusyChange,
  ref,
}: ImageListEditorProps) {
  const t = useOwnerT();
  const headingId = useId();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The button to focus once the list has re-rendered after a move or a removal.
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    const target = buttons.current.get(focusNext.current);
    focusNext.current = null;
    if (target) target.focus();
    else fileInput.current?.focus();
  });

  const busy = uploads.length > 0;
  useEffect(() => {
    onBusyChange?.(busy);
    // Closed while sending: the form must not wait for a list it no longer shows.
    return () => onBusyChange?.(false);
  }, [busy, onBusyChange]);

  // Uploads under way, so uploadChosen can wait for those the Upload button started.
  const sending = useRef(new Set<Promise<boolean>>());

  /** Sends the chosen files; false when they were refused or one failed. */
  const upload = (whenNoneChosen: 'complain' | 'skip') => {
    const sent = send(whenNoneChosen);
    sending.current.add(sent);
    void sent.finally(() => sending.current.delete(sent));
    return sent;
  };

  const send = async (whenNoneChosen: 'complain' | 'skip'): Promise<boolean> => {
    const files = Array.from(fileInput.current?.files ?? []);
    if (files.length === 0) {
      if (whenNoneChosen === 'skip') return true;
      setProblem(UPLOAD_MESSAGES[kind].none);
      return false;
    }
    setProblem(null);
    if (!fitsLimit(images.length + uploads.length, files.length, limit)) {
      setProblem(limitMessage);
      return false;
    }
    const batch = files.map((file, i) => ({
      id: `${Date.now()}-${i}-${file.name}`,
      name: file.name,
      progress: 0,
    }));
    setUploads((current) => [...current, ...batch]);
    setAnnouncement(t('owner.pictures.uploadingCount', { count: files.length }));
    if (fileInput.current) fileInput.current.value = '';

    const results = await Promise.allSettled(
      files.map((file, i) =>
        uploadImage(file, {
          kind,
          ...(shopId ? { shopId } : {}),
          onProgress: (fraction) =>
            setUploads((current) =>
              current.map((u) => (u.id === batch[i]?.id ? { ...u, progress: fraction } : u)),
            ),
        }),
      ),
    );
    const ids = new Set(batch.map((u) => u.id));
    setUploads((current) => current.filter((u) => !ids.has(u.id)));
    const urls = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.url] : []));
    if (urls.length > 0) onChange((current) => [...current, ...urls].slice(0, limit));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) {
      const reason: unknown = failure.reason;
      const extra = !(reason instanceof UploadError)
        ? ''
        : reason.notAPicture
          ? ` ${t('owner.pictures.notAPicture')}`
          : reason.serverMessage && reason.status !== 413
            ? ` ${reason.serverMessage}`
            : '';
      setProblem(`${UPLOAD_MESSAGES[kind].failed}${extra}`);
    }
    setAnnouncement(t('owner.pictures.uploadedCount', { done: urls.length, count: files.length }));
    return failure === undefined;
  };

  useImperativeHandle(ref, () => ({
    uploadChosen: async () => {
      const under = [...sending.current];
      const chosen = await upload('skip');
      const earlier = await Promise.all(under);
      return chosen && earlier.every(Boolean);
    },
  }));

  const move = (index: number, direction: MoveDirection) => {
    const target = direction === 'up' ? index - 1 : index + 1;
    const url = images[index];
    if (url === undefined) return;
    if (target < 0 || target >= images.length) {
      setAnnouncement(
        direction === 'up'
          ? t('owner.pictures.alreadyFirst', { number: index + 1 })
          : t('owner.pictures.alreadyLast', { number: index + 1 }),
      );
      return;
    }
    onChange((current) => moveImage(current, index, direction));
    setAnnouncement(
      t(direction === 'up' ? 'owner.pictures.movedUp' : 'owner.pictures.movedDown', {
        number: index + 1,
        now: target + 1,
        count: images.length,
      }),
    );
    focusNext.current = `${url}:${direction}`;
  };

  const remove = (index: number) => {
    const following = images[index + 1] ?? images[index - 1];
    onChange((current) => removeImage(current, index));
    setAnnouncement(t('owner.pictures.removed', { number: index + 1, left: images.length - 1 }));
    focusNext.current = following ? `${following}:remove` : 'input';
  };

  const register = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold text-stone-900">
        {label}{' '}
        <span className="text-sm font-normal text-stone-600">
          {t('owner.pictures.of', { imagesCount: images.length, limit })}
        </span>
      </h3>

      {images.length === 0 ? (
        <p className="text-sm text-stone-600">{t('owner.pictures.noImagesYet')}</p>
      ) : (
        <ol aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((url, index) => (
            <li
              key={url}
              aria-label={t('owner.pictures.imageOf', {
                value: index + 1,
                imagesCount: images.length,
              })}
              className="flex flex-col gap-2 rounded-md border border-stone-200 p-2"
            >
              <ResponsiveImage
                src={url}
                alt={t('owner.pictures.image', { label, value: index + 1 })}
                sizes="160px"
                width={160}
                height={160}
                className="aspect-square w-full rounded object-cover"
              />
              <div className="flex flex-wrap gap-1">
                <button
                  ref={register(`${url}:up`)}
                  type="button"
                  onClick={() => move(index, 'up')}
                  className={smallButton}
                >
                  {t('owner.pictures.moveUp')}
                  <span className="sr-only">
                    {t('owner.pictures.imageNumber', { number: index + 1 })}
                  </span>
                </button>
                <button
                  ref={register(`${url}:down`)}
                  type="button"
                  onClick={() => move(index, 'down')}
                  className={smallButton}
                >
                  {t('owner.pictures.moveDown')}
                  <span className="sr-only">
                    {t('owner.pictures.imageNumber', { number: index + 1 })}
                  </span>
                </button>
                <button
                  ref={register(`${url}:remove`)}
                  type="button"
                  onClick={() => remove(index)}
                  className={`${smallButton} text-red-800`}
                >
                  {t('owner.pictures.remove')}
                  <span className="sr-only">
                    {t('owner.pictures.imageNumber', { number: index + 1 })}
                  </span>
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}

      {uploads.length > 0 && (
        <ul className="space-y-1" aria-label={t('owner.pictures.uploadsInProgress')}>
          {uploads.map((u) => (
            <li key={u.id} className="text-sm">
              <label htmlFor={`${u.id}-progress`} className="block truncate text-stone-700">
                {t('owner.pictures.uploading', { name: u.name })}
              </label>
              <progress
                id={`${u.id}-progress`}
                max={1}
                value={u.progress}
                className="h-2 w-full accent-brand-700"
              />
            </li>
          ))}
        </ul>
      )}

      {problem && (
        <p role="alert" className={alertClass}>
          {problem}
        </p>
      )}

      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-[1_1_14rem]">
          <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
            {t('owner.pictures.add', { label: label.toLowerCase() })}
          </label>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            onChange={() => setProblem(null)}
            className={`mt-1 block w-full text-sm ${focusRing}`}
          />
        </div>
        <button type="button" onClick={() => void upload('complain')} className={secondaryButton}>
          {t('owner.pictures.upload')}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </div>

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
