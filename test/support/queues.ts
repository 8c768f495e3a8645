import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { stack } from './stack';
import { waitFor } from './wait';

/** A client of the local stack's SQS. */
export const testSqs = () =>
  new SQSClient({
    endpoint: stack().urls.sqs,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/**
 * Waits until the queue (by the product's name for it: `label-jobs`) has nothing waiting, in flight or delayed:
 * every job sent to it so far has been handled, so what such a job would have done has happened by then.
 */
export async function waitForQueueDrained(name: string, timeoutMs = 30_000): Promise<void> {
  const sqs = testSqs();
  try {
    await waitFor(
      `${name} queue drained`,
      async () =>
        (
          await sqs.send(
            new GetQueueAttributesCommand({
              QueueUrl: stack().queues[name],
              AttributeNames: [
                'ApproximateNumberOfMessages',
                'ApproximateNumberOfMessagesNotVisible',
                'ApproximateNumberOfMessagesDelayed',
              ],
            }),
          )
        ).Attributes ?? {},
      (counts) =>
        counts.ApproximateNumberOfMessages === '0' &&
        counts.ApproximateNumberOfMessagesNotVisible === '0' &&
        (counts.ApproximateNumberOfMessagesDelayed ?? '0') === '0',
      timeoutMs,
    );
  } finally {
    sqs.destroy();
  }
}
