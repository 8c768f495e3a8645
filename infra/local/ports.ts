import { createServer } from 'node:net';
import { LocalStackError } from './errors.js';

export type Profile = 'dev' | 'test';

export interface PortMap {
  site: number;
  dynamodb: number;
  sqs: number;
  s3: number;
  cognito: number;
  ses: number;
  easypost: number;
  twilio: number;
}

/** Each port of the dev profile, and what needs it. */
const PORTS: Record<keyof PortMap, [number, string]> = {
  site: [3000, 'the site and API'],
  dynamodb: [8000, 'DynamoDB Local'],
  sqs: [9324, 'fauxqs (SQS)'],
  s3: [4569, 's3rver (S3)'],
  cognito: [9229, 'cognito-local'],
  ses: [8005, 'aws-ses-v2-local (mail)'],
  easypost: [8081, 'the EasyPost test server'],
  twilio: [8082, 'the Twilio test server'],
};
const byName = <T>(pick: (entry: [number, string]) => T) =>
  Object.fromEntries(Object.entries(PORTS).map(([name, entry]) => [name, pick(entry)])) as Record<
    keyof PortMap,
    T
  >;
export const DEV_PORTS: PortMap = byName(([port]) => port);
export const PORT_OWNERS = byName(([, owner]) => owner);

/** The test profile runs beside a dev stack on the same machine, so it shifts every port. */
export const TEST_PORT_OFFSET = 100;

export function parseProfile(value: string | undefined): Profile {
  if (value === undefined || value === '' || value === 'dev') return 'dev';
  if (value === 'test') return 'test';
  throw new LocalStackError(`LOCAL_PROFILE must be "dev" or "test", not "${value}".`);
}

export function parseOffset(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const offset = Number(value);
  if (!Number.isInteger(offset) || offset < 0 || offset > 50000) {
    throw new LocalStackError(
      `LOCAL_PORT_OFFSET must be a whole number between 0 and 50000, not "${value}".`,
    );
  }
  return offset;
}

export function portsFor(profile: Profile, offset?: number): PortMap {
  const shift = offset ?? (profile === 'test' ? TEST_PORT_OFFSET : 0);
  return byName(([port]) => port + shift);
}

/** Binds `port` (0: any) on 127.0.0.1 and lets it go: the port it got, or 0 when it is taken. */
function tryPort(port: number): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(0));
    // Every emulator binds at least 127.0.0.1 (some bind all interfaces), so that is where a clash shows.
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Fails with one line naming the first busy port and what needed it. */
export async function assertPortsFree(ports: PortMap): Promise<void> {
  for (const [name, port] of Object.entries(ports) as Array<[keyof PortMap, number]>) {
    if (!(await tryPort(port))) {
      throw new LocalStackError(
        `Port ${port} is in use (${PORT_OWNERS[name]}): stop whatever uses it or set LOCAL_PORT_OFFSET.`,
      );
    }
  }
}

/**
 * A port the system has no use for right now, for an emulator behind one of ours (cognito-local behind the
 * Cognito proxy): nothing outside the runner calls it, so it need not be predictable.
 */
export async function freePort(): Promise<number> {
  const port = await tryPort(0);
  if (!port) throw new LocalStackError('No free port for an emulator');
  return port;
}
