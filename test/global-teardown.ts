import { stopLocalStack } from './support/background-stack';

export default async function globalTeardown(): Promise<void> {
  await stopLocalStack();
}
