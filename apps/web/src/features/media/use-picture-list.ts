import { useCallback, useRef, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import type { ImageListEditorHandle } from './components/image-list-editor';

/**
 * A form's picture list for an ImageListEditor (pass `editor` as its ref), with `settle` for the
 * save: it sends the pictures chosen but not uploaded yet, waits for uploads under way, and gives
 * the list to save, or null when a picture did not go up (the editor says why). Saving without
 * it dropped chosen pictures silently (issue 29). Call `settle` from an event, never in render.
 */
export function usePictureList(initial: readonly string[]) {
  const [images, setImagesState] = useState<string[]>(() => [...initial]);
  // The save reads the list right after the uploads it waited for, before React re-renders.
  const latest = useRef<string[]>(images);
  const setImages: Dispatch<SetStateAction<string[]>> = useCallback((next) => {
    latest.current = typeof next === 'function' ? next(latest.current) : next;
    setImagesState(latest.current);
  }, []);
  const editor = useRef<ImageListEditorHandle>(null);
  const [settling, setSettling] = useState(false);
  const settle = useCallback(async (): Promise<string[] | null> => {
    setSettling(true);
    try {
      const sent = (await editor.current?.uploadChosen()) ?? true;
      return sent ? latest.current : null;
    } finally {
      setSettling(false);
    }
  }, []);
  return { images, setImages, editor, settle, settling };
}
