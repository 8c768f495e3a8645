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

export const DEV_PORTS: PortMap = {
  site: 3000,
  dynamodb: 8000,
  sqs: 9324,
  s3: 4569,
  cognito: 9229,
  ses: 8005,
  easypost: 8081,
  twilio: 8082,
};

/** The test profile runs beside a dev stack on the same machine, so it shifts every port. */
export const TEST_PORT_OFFSET = 100;

export const PORT_OWNERS: Record<keyof PortMap, string> = {
  site: 'the site and API',
  dynamodb: 'DynamoDB Local',
  sqs: 'fauxqs (SQS)',
  s3: 's3rver (S3)',
  cognito: 'cognito-local',
  ses: 'aws-ses-v2-local (mail)',
  easypost: 'the EasyPost test server',
  twilio: 'the Twilio test server',
};

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
  const entries = Object.entries(DEV_PORTS).map(([name, port]) => [name, port + shift]);
  return Object.fromEntries(entries) as unknown as PortMap;
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    // Every emulator binds at least 127.0.0.1 (some bind all interfaces), so that is where a clash shows.
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Fails with one line naming the first busy port and what needed it. */
export async function assertPortsFree(ports: PortMap): Promise<void> {
  for (const [name, port] of Object.entries(ports) as Array<[keyof PortMap, number]>) {
    if (!(await isPortFree(port))) {
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
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() =>
        port ? resolve(port) : reject(new LocalStackError('No free port for an emulator')),
      );
    });
  });
}
