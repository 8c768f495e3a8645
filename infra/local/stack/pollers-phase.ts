/**
 * Phase 5, pollers: SQS event sources and DynamoDB stream event sources, read the way Lambda reads them.
 * Cleanup: every poller is stopped.
 */
import { phase } from '../phases.js';
import { QueuePoller } from '../pollers.js';
import { StreamPoller } from '../stream-poller.js';
import { withoutHash } from '../template/names.js';
import { type Functions, runnable, type StartContext } from './context.js';
import type { Provisioned } from './provisioning-phase.js';

export async function startPollers(ctx: StartContext, stack: Provisioned, functions: Functions) {
  const { model, physical } = stack;
  const { log, profile, naming } = ctx;
  return phase(async (cleanups) => {
    const functionOf = (source: { logicalId: string; functionLogicalId: string }) =>
      runnable(functions, source.functionLogicalId, `Event source ${source.logicalId}`);
    const pollers = model.eventSources
      .filter((source) => source.enabled)
      .map((source) => {
        const fn = functionOf(source);
        const queue = physical[source.queueLogicalId];
        return new QueuePoller(
          {
            ...source,
            label: `${fn.spec.label}<-${withoutHash(source.queueLogicalId)}`,
            queueUrl: queue.attrs.QueueUrl,
            queueArn: queue.attrs.Arn,
            region: naming.region,
            fn,
          },
          stack.pollerClients.sqs,
          log,
        );
      });
    for (const poller of pollers) poller.start();
    cleanups.add(async () => {
      await Promise.all(pollers.map((p) => p.stop()));
    });

    // Stream event sources: DynamoDB Local's stream read the way Lambda reads the table's stream.
    const streamPollers = model.streamSources
      .filter((source) => source.enabled)
      .map((source) => {
        const fn = functionOf(source);
        const onFailure = source.onFailureQueueLogicalId
          ? physical[source.onFailureQueueLogicalId]
          : undefined;
        return new StreamPoller(
          {
            ...source,
            label: `${fn.spec.label}<-${withoutHash(source.tableLogicalId)}.stream`,
            tableName: physical[source.tableLogicalId].ref,
            region: naming.region,
            onFailureQueueUrl: onFailure?.attrs.QueueUrl,
            retryBaseMs: profile === 'test' ? 500 : 1000,
            idleMs: 2000,
            fn,
          },
          { dynamodb: stack.clients.dynamodb, streams: stack.clients.streams, sqs: stack.clients.sqs },
          log,
        );
      });
    const wake = () => {
      for (const poller of streamPollers) poller.wake();
    };
    ctx.afterInvocation.add(wake);
    cleanups.add(async () => {
      ctx.afterInvocation.delete(wake);
      await Promise.all(streamPollers.map((p) => p.stop()));
    });
    await Promise.all(streamPollers.map((p) => p.start()));
    return {};
  });
}
