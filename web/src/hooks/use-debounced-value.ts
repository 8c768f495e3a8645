import { useEffect, useRef, useState } from 'react';

/** Typing waits this long after the last key before the list asks the server. */
export const TYPING_DEBOUNCE_MS = 300;

/**
 * A text box bound to an address value: what is typed is committed after a pause (or at once with `flush`),
 * and a change of the address made elsewhere (back button, Clear filters) replaces what is in the box.
 * One stretch of typing is one history entry: its first commit adds an entry, the later ones replace it, so
 * Back returns to the list as it was before the search rather than through every pause.
 * `delay` is the pause in milliseconds; `null` commits only on `flush` (a search applied by its button).
 */
export function useDebouncedValue(
  urlValue: string,
  commit: (value: string, replace: boolean) => void,
  delay: number | null = TYPING_DEBOUNCE_MS,
) {
  const [value, setValue] = useState(urlValue);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const typing = useRef(false);

  // Trailing spaces being typed are not a change: the address holds the trimmed text.
  useEffect(() => setValue((current) => (current.trim() === urlValue ? current : urlValue)), [urlValue]);

  const send = (next: string) => {
    commitRef.current(next, typing.current);
    typing.current = true;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: send only reads refs.
  useEffect(() => {
    if (delay === null || value.trim() === urlValue) return;
    const timer = setTimeout(() => send(value), delay);
    return () => clearTimeout(timer);
  }, [value, urlValue, delay]);

  /** Commits what is typed now (submit, leaving the field) and ends the stretch of typing. */
  const flush = () => {
    if (value.trim() !== urlValue) send(value);
    typing.current = false;
  };
  return { value, setValue, flush };
}
