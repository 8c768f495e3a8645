import { useEffect, useRef, useState } from 'react';

/** Typing waits this long after the last key before the list asks the server. */
export const TYPING_DEBOUNCE_MS = 300;

/**
 * A text box bound to an address value: what is typed is committed after a pause (or at once with `flush`),
 * and a change of the address made elsewhere (back button, Clear filters) replaces what is in the box.
 */
export function useDebouncedValue(urlValue: string, commit: (value: string) => void) {
  const [value, setValue] = useState(urlValue);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  // Trailing spaces being typed are not a change: the address holds the trimmed text.
  useEffect(() => setValue((current) => (current.trim() === urlValue ? current : urlValue)), [urlValue]);

  useEffect(() => {
    if (value.trim() === urlValue) return;
    const timer = setTimeout(() => commitRef.current(value), TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, urlValue]);

  const flush = () => {
    if (value.trim() !== urlValue) commitRef.current(value);
  };
  return { value, setValue, flush };
}
