import type * as ENV from '../../shared/env-vars.js';

/** A required environment variable; its absence is a deployment bug, so it fails loudly at first use. */
export function requireEnv(name: (typeof ENV)[keyof typeof ENV]): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
