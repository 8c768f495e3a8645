import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type * as ENV from '../../shared/env-vars.js';
import { requireEnv } from './env.js';

const sqs = new SQSClient({});

/** Puts one job on a queue; the body is the job schema's JSON. */
export async function enqueue(queueUrlEnv: (typeof ENV)[keyof typeof ENV], job: unknown): Promise<void> {
  await sqs.send(
    new SendMessageCommand({ QueueUrl: requireEnv(queueUrlEnv), MessageBody: JSON.stringify(job) }),
  );
}
