/**
 * The cost meter: counts, on the local stack, what AWS would bill for (Lambda invocations and their duration,
 * DynamoDB request units, SQS requests, SES recipients, S3 requests). The runner loads it only when
 * LOCAL_STACK_HOOKS names this file (infra/local/hooks.ts), as the bench's `cost` part does (run.ts); that part
 * (cost.ts) reads and resets it through `POST /__local/cost/meter`.
 *
 * The functions' AWS endpoints point at small counting proxies in front of the emulators; the proxies forward
 * every request byte for byte (Host header included, so presigned URLs still verify), except that a DynamoDB
 * request that did not ask for it is given `ReturnConsumedCapacity: TOTAL` (DynamoDB Local reports the units
 * the on-demand rules give: 4 KB read units, halved for eventually consistent reads, 1 KB write units, doubled
 * in transactions; indexes included in TOTAL).
 */
import type { IncomingMessage } from 'node:http';
import * as z from 'zod/mini';
import { ControlInputError } from '../../infra/local/gateway.js';
import type { HooksFactory } from '../../infra/local/hooks.js';
import type { Endpoints } from '../../infra/local/sdk.js';
import * as ENV from '../../shared/env-vars.js';
import { startHookedProxy } from '../support/hooked-proxy.js';

export interface FunctionCounts {
  invocations: number;
  errors: number;
  /** Wall time of the local invocations (a proxy for Lambda's duration: another machine, another runtime). */
  durationMs: number;
  /** Lambda bills each invocation's duration rounded up to the millisecond. */
  billedMs: number;
  /** Configured memory, from the synthesized template. */
  memoryMb: number;
  gbSeconds: number;
  /** The function's environment names the provider secret (it may call GetSecretValue). */
  readsSecret: boolean;
}

export interface DynamoDbCounts {
  /** Requests by operation (GetItem, Query, TransactWriteItems, ...). */
  requests: Record<string, number>;
  /** Read request units and write request units, summed from each answer's ConsumedCapacity. */
  readUnits: number;
  writeUnits: number;
  /** Requests whose answer carried no ConsumedCapacity (an error, or an operation that reports none). */
  withoutCapacity: number;
}

export interface SqsCounts {
  requests: Record<string, number>;
  /** Billed requests: every 64 KB chunk of a request's payload is one request. */
  billedRequests: number;
  messagesSent: number;
  /** Receives that returned messages, and empty (long-poll) receives, which recur whatever the traffic. */
  receivesWithMessages: number;
  emptyReceives: number;
}

/** What the synthesized template holds that AWS bills by the month (alarms, secrets, keys, pollers). */
export interface TemplateSummary {
  /** Resources by type. */
  resources: Record<string, number>;
  /** Metrics the alarms watch: an alarm on metric math pays for each metric in its expression. */
  alarmMetrics: number;
  /** The alarms' logical ids (the cost model counts an alarm being added only until the template has it). */
  alarmIds: string[];
  armFunctions: number;
  /** Event source mappings that read a queue (Lambda long-polls each one all month). */
  queueEventSourceMappings: number;
}

type Resources = Record<string, { Type?: string; Properties?: Record<string, unknown> }>;

export function summarizeTemplate(template: { Resources?: Resources }): TemplateSummary {
  const all = Object.values(template.Resources ?? {});
  const resources: Record<string, number> = {};
  for (const r of all) bump(resources, r.Type ?? 'unknown');
  const of = (type: string) => all.filter((r) => r.Type === type);
  return {
    resources,
    alarmIds: Object.entries(template.Resources ?? {})
      .filter(([, r]) => r.Type === 'AWS::CloudWatch::Alarm')
      .map(([id]) => id),
    alarmMetrics: of('AWS::CloudWatch::Alarm').reduce((n, alarm) => {
      const metrics = (alarm.Properties?.Metrics as Array<{ MetricStat?: unknown }> | undefined) ?? [];
      return n + (metrics.length ? metrics.filter((m) => m.MetricStat).length : 1);
    }, 0),
    armFunctions: of('AWS::Lambda::Function').filter((f) =>
      ((f.Properties?.Architectures as string[] | undefined) ?? []).includes('arm64'),
    ).length,
    queueEventSourceMappings: of('AWS::Lambda::EventSourceMapping').filter(
      (m) => !JSON.stringify(m.Properties?.EventSourceArn ?? '').includes('Stream'),
    ).length,
  };
}

export interface CostCounts {
  template?: TemplateSummary;
  since: string;
  until: string;
  lambda: Record<string, FunctionCounts>;
  dynamodb: DynamoDbCounts;
  sqs: SqsCounts;
  ses: { requests: Record<string, number>; recipients: number };
  s3: { requests: Record<string, number> };
}

const emptyCounts = (): Omit<CostCounts, 'until'> => ({
  since: new Date().toISOString(),
  lambda: {},
  dynamodb: { requests: {}, readUnits: 0, writeUnits: 0, withoutCapacity: 0 },
  sqs: {
    requests: {},
    billedRequests: 0,
    messagesSent: 0,
    receivesWithMessages: 0,
    emptyReceives: 0,
  },
  ses: { requests: {}, recipients: 0 },
  s3: { requests: {} },
});

const bump = (map: Record<string, number>, key: string, by = 1) => {
  map[key] = (map[key] ?? 0) + by;
};

/** Operations whose units are reads; every other DynamoDB operation that reports units writes. */
const READ_OPERATIONS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);
/** Operations that accept ReturnConsumedCapacity. */
const CAPACITY_OPERATIONS = new Set([
  ...READ_OPERATIONS,
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'ExecuteStatement',
]);
const SQS_PAYLOAD_CHUNK = 64 * 1024;

type Json = Record<string, unknown>;
const parseJson = (buffer: Buffer): Json | undefined => {
  try {
    const value: unknown = JSON.parse(buffer.toString('utf8'));
    return value && typeof value === 'object' ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
};

/** Units in one answer's ConsumedCapacity (an object, or a list of them for batches and transactions). */
export function capacityUnits(consumed: unknown): number | undefined {
  const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  if (list.length === 0) return undefined;
  return list.reduce(
    (sum: number, c) => sum + (Number((c as { CapacityUnits?: unknown }).CapacityUnits) || 0),
    0,
  );
}

export class CostMeter {
  private counts = emptyCounts();
  private readonly proxies: Array<{ close(): Promise<void> }> = [];

  constructor(private readonly template?: TemplateSummary) {}

  /** Called after each invocation of a function (LocalFunction's observer). */
  observer(
    label: string,
    memoryMb: number,
    readsSecret: boolean,
  ): (durationMs: number, failed: boolean) => void {
    return (durationMs, failed) => {
      this.counts.lambda[label] ??= {
        invocations: 0,
        errors: 0,
        durationMs: 0,
        billedMs: 0,
        memoryMb,
        gbSeconds: 0,
        readsSecret,
      };
      const f = this.counts.lambda[label];
      const billed = Math.max(1, Math.ceil(durationMs));
      f.invocations += 1;
      if (failed) f.errors += 1;
      f.durationMs += durationMs;
      f.billedMs += billed;
      f.gbSeconds += (memoryMb / 1024) * (billed / 1000);
    };
  }

  /** What was counted since the last reset; `reset` starts a new count. */
  snapshot(reset = false): CostCounts {
    const taken = structuredClone({
      ...this.counts,
      until: new Date().toISOString(),
      template: this.template,
    });
    if (reset) this.counts = emptyCounts();
    return taken;
  }

  /**
   * Starts the counting proxies in front of the emulators and answers the endpoints the functions (and the
   * queue pollers, whose receives and deletes Lambda's event source mappings would make) should use.
   */
  async proxy(endpoints: Endpoints): Promise<Endpoints> {
    const [dynamodb, sqs, s3, ses] = await Promise.all([
      this.listen(
        endpoints.dynamodb,
        (req, _body, _status, answer) => this.dynamodb(req, answer),
        (req, body) => CostMeter.withCapacity(req.headers['x-amz-target'] as string | undefined, body),
      ),
      this.listen(endpoints.sqs, (req, body, status, answer) => this.sqs(req, body, status, answer)),
      this.listen(endpoints.s3, (req) => this.s3(req)),
      this.listen(endpoints.ses, (req, body, status) => this.ses(req, body, status)),
    ]);
    return { ...endpoints, dynamodb, sqs, s3, ses };
  }

  async close(): Promise<void> {
    await Promise.all(this.proxies.map((proxy) => proxy.close()));
  }

  /** What the DynamoDB proxy sends on: the body with ReturnConsumedCapacity added when it was not asked. */
  static withCapacity(target: string | undefined, body: Buffer): Buffer {
    const operation = target?.split('.').pop() ?? '';
    if (!CAPACITY_OPERATIONS.has(operation)) return body;
    const json = parseJson(body);
    if (!json || (json.ReturnConsumedCapacity && json.ReturnConsumedCapacity !== 'NONE')) return body;
    return Buffer.from(JSON.stringify({ ...json, ReturnConsumedCapacity: 'TOTAL' }));
  }

  private dynamodb(req: IncomingMessage, answer: Buffer) {
    const operation =
      String(req.headers['x-amz-target'] ?? '')
        .split('.')
        .pop() || 'unknown';
    const c = this.counts.dynamodb;
    bump(c.requests, operation);
    const units = capacityUnits(parseJson(answer)?.ConsumedCapacity);
    if (units === undefined) c.withoutCapacity += 1;
    else if (READ_OPERATIONS.has(operation)) c.readUnits += units;
    else c.writeUnits += units;
  }

  private sqs(req: IncomingMessage, body: Buffer, status: number, answer: Buffer) {
    const c = this.counts.sqs;
    const target = String(req.headers['x-amz-target'] ?? '');
    const json = target ? parseJson(body) : undefined;
    const action = target
      ? target.split('.').pop() || 'unknown'
      : (new URLSearchParams(body.toString('utf8')).get('Action') ?? 'unknown');
    bump(c.requests, action);
    c.billedRequests += Math.max(1, Math.ceil(body.length / SQS_PAYLOAD_CHUNK));
    if (status >= 300) return;
    if (action === 'SendMessage') c.messagesSent += 1;
    if (action === 'SendMessageBatch')
      c.messagesSent += (json?.Entries as unknown[] | undefined)?.length ?? 1;
    if (action === 'ReceiveMessage') {
      const received = target
        ? ((parseJson(answer)?.Messages as unknown[] | undefined)?.length ?? 0)
        : (answer.toString('utf8').match(/<Message>/g)?.length ?? 0);
      if (received > 0) c.receivesWithMessages += 1;
      else c.emptyReceives += 1;
    }
  }

  private s3(req: IncomingMessage) {
    const path = (req.url ?? '/').split('?')[0];
    const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
    // A GET of a bucket (no key) lists it; S3 bills LIST with PUT, COPY and POST.
    const listing = req.method === 'GET' && /^\/[^/]+\/?$/.test(path) && !query.has('uploads');
    bump(this.counts.s3.requests, listing ? 'LIST' : (req.method ?? 'GET'));
  }

  private ses(req: IncomingMessage, body: Buffer, status: number) {
    const c = this.counts.ses;
    const path = (req.url ?? '/').split('?')[0];
    const form = /x-www-form-urlencoded/.test(String(req.headers['content-type'] ?? ''))
      ? new URLSearchParams(body.toString('utf8'))
      : undefined;
    const action =
      form?.get('Action') ?? `${req.method} ${path.replace(/\/v2\/email\/([a-z-]+).*/, '/v2/email/$1')}`;
    bump(c.requests, action);
    if (status >= 300) return;
    if (action === 'POST /v2/email/outbound-emails') {
      const destination = (parseJson(body)?.Destination ?? {}) as Record<string, unknown[] | undefined>;
      c.recipients +=
        (destination.ToAddresses?.length ?? 0) +
        (destination.CcAddresses?.length ?? 0) +
        (destination.BccAddresses?.length ?? 0);
    } else if (form && /^Send(Raw)?Email$/.test(action)) {
      c.recipients += [...form.keys()].filter((k) =>
        /^Destination(s|\.(To|Cc|Bcc)Addresses)\.member\.\d+$/.test(k),
      ).length;
    }
  }

  /** A proxy in front of `upstream` that sees each request and its answer once both are complete. */
  private async listen(
    upstream: string,
    seen: (req: IncomingMessage, body: Buffer, status: number, answer: Buffer) => void,
    rewrite?: (req: IncomingMessage, body: Buffer) => Buffer,
  ): Promise<string> {
    const proxy = await startHookedProxy(upstream, 'cost meter', {
      // The functions' SDK signed the Host it sent to (S3 checks it): the meter changes nothing but the count.
      keepHost: true,
      rewrite,
      seen: (req, body, answer) => {
        if (!answer.headers['content-encoding']) seen(req, body, answer.status, answer.body);
      },
    });
    this.proxies.push(proxy);
    return proxy.origin;
  }
}

const ZMeterRequest = z.optional(z.object({ reset: z.optional(z.boolean()) }));

/**
 * The runner's hooks: the functions and the queue pollers reach the emulators through the counting proxies,
 * each invocation is counted, and `POST /__local/cost/meter` `{"reset"?: true}` answers the counts so far (then
 * starts a new count when reset).
 */
const costMeterHooks: HooksFactory = async ({ template, endpoints }) => {
  const meter = new CostMeter(summarizeTemplate(template as { Resources?: Resources }));
  const metered = await meter.proxy(endpoints);
  return {
    endpoints: () => metered,
    observer: (fn) => meter.observer(fn.label, fn.memoryMb, Boolean(fn.env[ENV.secretId])),
    controls: {
      'cost/meter': async (body) => {
        const parsed = ZMeterRequest.safeParse(body ?? undefined);
        if (!parsed.success) throw new ControlInputError('Send {"reset":true} or nothing');
        return meter.snapshot(parsed.data?.reset ?? false);
      },
    },
    close: () => meter.close(),
  };
};
export default costMeterHooks;
