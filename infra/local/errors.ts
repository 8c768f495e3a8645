/**
 * A failure the person running `npm start` can act on. Its message is the one line printed, without a stack
 * trace; anything else escaping the runner is a bug in the runner and keeps its stack.
 */
export class LocalStackError extends Error {
  override readonly name = 'LocalStackError';
}

const ANSI_COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Emulator and build logs are coloured for terminals; one-line messages quote them without the codes. */
export const stripAnsi = (text: string): string => text.replace(ANSI_COLOURS, '');
