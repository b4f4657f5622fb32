import { useEffect, useMemo, useState } from 'react';
import { createDebouncer } from './suggest-rules';

/** `value` once it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const debouncer = useMemo(() => createDebouncer<T>(delayMs, setSettled), [delayMs]);
  useEffect(() => {
    debouncer.push(value);
  }, [debouncer, value]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  return settled;
}
