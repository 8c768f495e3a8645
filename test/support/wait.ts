const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads until `done` holds, or throws naming `what` and the last value read after `ms`. */
export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(250);
  }
}
