import { useSyncExternalStore } from 'react';

// Session storage: the warning survives the navigation (and a reload) after sign-in, and is gone with the tab.
const KEY = 'admin.breachedPasswordNotice';
const listeners = new Set<() => void>();

const read = (): boolean => {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

function write(raised: boolean): void {
  try {
    if (raised) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the login form still showed the warning.
  }
  for (const listener of listeners) listener();
}

/** The breach check answered after (or while) the staff member signed in: warn them where they land. */
export const raiseBreachNotice = (): void => write(true);
export const dismissBreachNotice = (): void => write(false);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useBreachNotice = (): boolean => useSyncExternalStore(subscribe, read, () => false);
