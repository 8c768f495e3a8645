/**
 * Where the local SQS (fauxqs) is made to answer as SQS does, and where a test makes it fail.
 * - Characters: fauxqs refuses #x10000-#x10FFFF, which SQS allows (a seller named 'Zoë 😀'): its pattern is
 *   recompiled in place with SQS's range.
 * - Faults (`POST /__local/sqs/faults`, local only): a queue that is down (SendMessage answered 500), or one that
 *   refuses the messages containing a text as SQS refuses one it will never take (InvalidMessageContents).
 */
import * as z from 'zod/mini';

/** SQS's message characters: #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF. */
const SQS_INVALID_CHARACTER = '[^\\x09\\x0A\\x0D\\x20-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}]';

/** Makes fauxqs's own pattern (a module constant its handlers share) the one SQS applies. */
export function allowSqsCharacters(pattern: RegExp): void {
  // RegExp.prototype.compile re-initialises the object in place, so every module holding it sees the change.
  pattern.compile(SQS_INVALID_CHARACTER, 'u');
}

const ZFault = z.union([
  z.object({ queue: z.string().check(z.minLength(1)), mode: z.literal('down') }),
  z.object({
    queue: z.string().check(z.minLength(1)),
    mode: z.literal('refuse'),
    /** Only messages whose body contains this text are refused. */
    match: z.string().check(z.minLength(1)),
  }),
  z.object({ queue: z.string().check(z.minLength(1)), mode: z.literal('ok') }),
]);
export type SqsFault = z.infer<typeof ZFault>;

/** Thrown for a control body that is not a fault. */
export class SqsFaultInputError extends Error {}

/** The part of Fastify's reply a hook uses. */
interface ReplyLike {
  code(status: number): ReplyLike;
  header(name: string, value: string): ReplyLike;
  send(body: unknown): unknown;
}

/** The part of Fastify (fauxqs's server) the switch uses. */
interface FastifyLike {
  addHook(
    name: 'preHandler',
    hook: (
      request: { headers: Record<string, unknown>; body: unknown },
      reply: ReplyLike,
    ) => Promise<unknown>,
  ): unknown;
}

/** The queue a request names: the last segment of its QueueUrl. */
const queueOf = (body: unknown): string | undefined => {
  const url = (body as { QueueUrl?: unknown } | undefined)?.QueueUrl;
  return typeof url === 'string' ? url.slice(url.lastIndexOf('/') + 1) : undefined;
};

export class SqsFaults {
  private readonly faults = new Map<string, SqsFault>();

  /** Answers SendMessage as the queue's fault says, before fauxqs sees it. */
  install(app: FastifyLike): void {
    app.addHook('preHandler', async (request, reply) => {
      if (request.headers['x-amz-target'] !== 'AmazonSQS.SendMessage') return;
      const queue = queueOf(request.body);
      const fault = queue ? this.faults.get(queue) : undefined;
      if (!fault || fault.mode === 'ok') return;
      const body = String((request.body as { MessageBody?: unknown } | undefined)?.MessageBody ?? '');
      if (fault.mode === 'down') {
        return reply
          .code(500)
          .header('content-type', 'application/x-amz-json-1.0')
          .send({ __type: 'com.amazonaws.sqs#InternalError', message: 'We encountered an internal error.' });
      }
      if (!body.includes(fault.match)) return;
      return reply
        .code(400)
        .header('content-type', 'application/x-amz-json-1.0')
        .header('x-amzn-query-error', 'InvalidMessageContents;Sender')
        .send({
          __type: 'com.amazonaws.sqs#InvalidMessageContents',
          message: 'Invalid characters found. (refused by the local SQS fault switch)',
        });
    });
  }

  /** The control's body: a fault for a queue (by name), or `ok` to clear it. */
  set(input: unknown): SqsFault {
    const parsed = ZFault.safeParse(input);
    if (!parsed.success) {
      throw new SqsFaultInputError(
        'Send {"queue":"<name>","mode":"down"|"ok"} or {"queue":"<name>","mode":"refuse","match":"<text>"}',
      );
    }
    // A queue URL names the queue by its last segment.
    const fault = { ...parsed.data, queue: queueOf({ QueueUrl: parsed.data.queue }) ?? parsed.data.queue };
    if (fault.mode === 'ok') this.faults.delete(fault.queue);
    else this.faults.set(fault.queue, fault);
    return fault;
  }
}
