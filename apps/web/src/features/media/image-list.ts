// The rules of an ordered picture list (spec section 4, product form: "Images can be removed and
// moved up or down (swap with neighbour, ignored at the ends)"), kept pure so they are tested alone.

export type MoveDirection = 'up' | 'down';

/** The list with the image at `index` swapped with its neighbour; the same list at the ends. */
export function moveImage<T>(list: readonly T[], index: number, direction: MoveDirection): T[] {
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/** The list without the image at `index`. */
export function removeImage<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** Whether `adding` more pictures still fit a list of `current` under its `limit`. */
export function fitsLimit(current: number, adding: number, limit: number): boolean {
  return current + adding <= limit;
}
