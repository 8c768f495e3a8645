/**
 * A test file whose docblock says `@local-stack exclusive` changes what every other file relies on for a moment
 * (the settings record, a queue's fault switch, a burst that fills the machine, the whole catalogue) or reads
 * shop-wide figures that any other file's orders would move. Such files run one at a time on a stack of their own,
 * and on the shared one once its own files are done (test/runner.ts); each finds its stack through the lanes file
 * below (test/support/stack.ts).
 *
 * Loaded by jest's own process (the runner) as well as by the test files: it imports nothing of the repository.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

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

export type StackName = keyof typeof STACK_VARIABLE;

/**
 * Names the file in which the runner writes which stack each exclusive file runs on (its path to a stack's name):
 * the second stack takes them one by one, and the shared stack too once its own files are done.
 */
export const LANES_VARIABLE = 'LOCAL_STACK_LANES';

const lanes = new Map<string, StackName>();
/** The runner's side: `file` runs on `name`'s stack (written before the file is handed to a worker). */
export function assignLane(file: string, name: StackName): void {
  const path = process.env[LANES_VARIABLE];
  if (!path) throw new Error(`${LANES_VARIABLE} is not set`);
  lanes.set(file, name);
  writeFileSync(`${path}.tmp`, JSON.stringify(Object.fromEntries(lanes)));
  renameSync(`${path}.tmp`, path);
}

/** The test file's side: the stack the runner gave `file`, if it gave one (it never changes once given). */
export function laneOf(file: string): StackName | undefined {
  const path = process.env[LANES_VARIABLE];
  if (!path || lanes.has(file)) return lanes.get(file);
  try {
    const lane = (JSON.parse(readFileSync(path, 'utf8')) as Record<string, StackName>)[file];
    if (lane) lanes.set(file, lane);
    return lane;
  } catch {
    return undefined;
  }
}
