/**
 * The local secret files, read key by key: the test servers sign with them (emulators phase), functions' secret
 * references resolve to them (provisioning) and the gateway adds the origin secret from them.
 */
import { readFileSync } from 'node:fs';

/** One key of the local secret file, read when needed so hand edits apply without a restart. */
export function readLocalSecret(file: string, key: string): string | undefined {
  try {
    const value = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)[key];
    return typeof value === 'string' && value ? value : undefined;
  } catch {
    return undefined;
  }
}
