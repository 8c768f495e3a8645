import { expect, test } from '@jest/globals';
import { onceUntilFailure } from './once';

test('runs once and shares the answer', async () => {
  let runs = 0;
  const get = onceUntilFailure(async () => ++runs);
  expect(await Promise.all([get(), get()])).toEqual([1, 1]);
  expect(await get()).toBe(1);
  expect(runs).toBe(1);
});

test('forgets a failure: the next call tries again, and its success is kept', async () => {
  let runs = 0;
  const get = onceUntilFailure(async () => {
    runs += 1;
    if (runs === 1) throw new Error('dropped');
    return runs;
  });
  await expect(get()).rejects.toThrow('dropped');
  expect(await get()).toBe(2);
  expect(await get()).toBe(2);
  expect(runs).toBe(2);
});
