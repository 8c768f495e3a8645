/**
 * A test file whose docblock says `@local-stack exclusive` changes what every other file relies on for a moment
 * (the settings record, a queue's fault switch, a burst that fills the machine, the whole catalogue) or reads
 * shop-wide figures that any other file's orders would move. Such files run one at a time on a stack of their own
 * (test/runner.ts), and find it through LOCAL_STACK_EXCLUSIVE (test/support/stack.ts).
 *
 * Loaded by jest's own process (the runner) as well as by the test files: it imports nothing of the repository.
 */
import { readFileSync } from 'node:fs';

const EXCLUSIVE = /^\s*\*\s*@local-stack\s+exclusive\b/m;
/** `@local-stack exclusive, last`: alone, after the other files on both stacks, when the machine is quietest (a burst). */
const LAST = /^\s*\*\s*@local-stack\s+exclusive,\s*last\b/m;

/** The environment variables that name each stack to the test files (set by test/support/background-stack.ts). */
export const STACK_VARIABLE = { shared: 'LOCAL_STACK', exclusive: 'LOCAL_STACK_EXCLUSIVE' } as const;
const docblocks = new Map<string, string>();
const docblockOf = (file: string): string => {
  let docblock = docblocks.get(file);
  if (docblock === undefined) {
    docblock = readFileSync(file, 'utf8').match(/^\s*\/\*\*[\s\S]*?\*\//)?.[0] ?? '';
    docblocks.set(file, docblock);
  }
  return docblock;
};

export const isExclusiveFile = (file: string): boolean => EXCLUSIVE.test(docblockOf(file));
export const runsLastOfExclusive = (file: string): boolean => LAST.test(docblockOf(file));
