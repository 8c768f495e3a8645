import { adminSettingsMessages as m } from '@shared/messages';
import { SECRET_SETTINGS } from '@shared/rules/settings-defaults';
import { useCallback, useEffect, useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '../../lib/form-errors';
import { useSaveSettings } from './api/admin-settings';
import type { SaveStatus } from './components/settings-card';
import {
  dirtyPaths,
  leafPaths,
  patchOf,
  type SettingKey,
  type SettingsForm,
  toFormValues,
  valueAt,
} from './settings-form';

/** Spec 001 §9: a saved message goes after 3 seconds. */
export const SAVED_MESSAGE_MS = 3000;

const isSecret = (key: string) => (SECRET_SETTINGS as readonly string[]).includes(key);
const fieldPath = (path: readonly string[]) => path.join('.') as FieldPath<SettingsForm>;

/**
 * Saving from the settings page. Each save sends only its fields (a card's changed fields, or all its fields
 * when none changed; the whole page's changed fields for Save All): two admins saving different cards keep
 * each other's work. Results are kept per place (a card, the page, a switch) and success fades after 3 s.
 */
export function useSettingsSaver(form: UseFormReturn<SettingsForm>) {
  const mutation = useSaveSettings();
  const [statuses, setStatuses] = useState<Record<string, SaveStatus | null>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const setStatus = useCallback((scope: string, status: SaveStatus | null) => {
    setStatuses((all) => ({ ...all, [scope]: status }));
  }, []);

  useEffect(() => {
    const shown = Object.entries(statuses).filter(([, s]) => s?.tone === 'success');
    if (shown.length === 0) return;
    const timer = setTimeout(() => {
      setStatuses((all) =>
        Object.fromEntries(Object.entries(all).map(([k, s]) => [k, s?.tone === 'success' ? null : s])),
      );
    }, SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [statuses]);

  /** Sends these fields; on success they become the form's saved values, other edits stay as they are. */
  const send = useCallback(
    async (scope: string, paths: string[][], failure: (message: string) => string): Promise<boolean> => {
      const values = form.getValues();
      const sent = paths.filter((p) => !isSecret(p[0]) || valueAt(values, p) !== '');
      setStatus(scope, null);
      if (sent.length === 0) {
        setStatus(scope, { tone: 'success', text: m.saved });
        return true;
      }
      setBusy(scope);
      try {
        const saved = toFormValues(await mutation.mutateAsync(patchOf(values, sent)));
        for (const path of sent) {
          form.resetField(fieldPath(path), { defaultValue: valueAt(saved, path) as never });
        }
        setStatus(scope, { tone: 'success', text: m.saved });
        return true;
      } catch (error) {
        const message = error instanceof Error ? error.message : m.saveFailed;
        applyServerErrors(form, error);
        setStatus(scope, { tone: 'error', text: failure(message) });
        return false;
      } finally {
        setBusy((current) => (current === scope ? null : current));
      }
    },
    [form, mutation, setStatus],
  );

  /** A card's Save Changes (keys) or the page's Save Changes / Save All Changes (every changed field). */
  const save = useCallback(
    async (scope: string, keys?: readonly SettingKey[]) => {
      const valid = await form.trigger(keys as FieldPath<SettingsForm>[] | undefined, { shouldFocus: true });
      if (!valid) {
        setStatus(scope, { tone: 'error', text: m.saveError(m.invalidData) });
        return;
      }
      const values = form.getValues();
      const changed = dirtyPaths(form.formState.dirtyFields).filter(
        (p) => !keys || keys.includes(p[0] as SettingKey),
      );
      const paths =
        changed.length > 0 || !keys ? changed : keys.flatMap((key) => leafPaths(values[key], [key]));
      await send(scope, paths, m.saveError);
    },
    [form, send, setStatus],
  );

  /** A switch that saves on each toggle (the form holds its new value); a failure puts it back. */
  const saveNow = useCallback(
    async (scope: string, path: string[], failure: (message: string) => string) => {
      const ok = await send(scope, [path], failure);
      if (!ok) form.resetField(fieldPath(path));
      return ok;
    },
    [form, send],
  );

  return { save, saveNow, statuses, busy };
}
