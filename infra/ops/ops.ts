/**
 * First-deploy commands for a stage's operator (README 'First deploy'): `npm run ops -- <command> [flags]`.
 *
 *   create-admin --user-pool <UserPoolId> --email <address>
 *   init-settings --table <TableName>
 *   import-catalogue --table <TableName> <file.csv>
 *   rotate-origin-secret --secret <OriginSecretArn> --distribution <DistributionId> [--dry-run]
 *   seal-payouts --table <TableName> --key <PayoutKeyArn> [--dry-run]
 *
 * Each takes the stack's outputs as flags (`cdk deploy` prints them) and the AWS credentials and region of the
 * shell, like the AWS CLI. `--local` points the SDK at the local stack's emulators instead (the ports of
 * `npm start`, moved by `--port-offset` or LOCAL_PORT_OFFSET); the SDK's own AWS_ENDPOINT_URL_* variables work
 * too. The table commands run the functions' own code (settings defaults, the CSV import), which reads the
 * table's name and endpoint from the environment when first loaded: hence the late imports below.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as ENV from '../../shared/env-vars.js';
import { parseOffset, portsFor } from '../local/ports.js';
import { endpointsFor, lambdaEndpointEnv } from '../local/sdk.js';
import { parseStage } from '../stage-config.js';

/** A mistake of the operator's: one line saying what to do, exit code 2, no stack trace. */
export class UsageError extends Error {}

export const USAGE = `Usage: npm run ops -- <command> [flags]

  create-admin      --user-pool <UserPoolId> --email <address>
                    Creates a staff user with a temporary password (printed once) in the "admin" group.
                    At the first sign-in they choose their own password (and in prod set up TOTP MFA).
  init-settings     --table <TableName>
                    Writes the default settings record, only if there is none.
  import-catalogue  --table <TableName> <file.csv>
                    Imports products from a CSV file, exactly as the back office's Import CSV does.
  rotate-origin-secret --secret <OriginSecretArn> --distribution <DistributionId> [--dry-run]
                    Gives CloudFront a new origin header value without refusing a request (about 8 minutes
                    plus CloudFront's deploy); run again to resume an interrupted rotation.
  seal-payouts      --table <TableName> --key <PayoutKeyArn> [--dry-run]
                    Seals payout details stored before their encryption, each order once. Run it as the
                    PayoutSealerRoleArn role (docs/operations.md); with --local, the local key file.

Common flags: --stage dev|prod (for the messages), --region <region> (else AWS_REGION),
              --local [--port-offset N]  (the local stack of \`npm start\` instead of AWS)`;

export interface OpsIo {
  out: (line: string) => void;
}

export async function runOps(argv: readonly string[], io: OpsIo, env = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      stage: { type: 'string' },
      table: { type: 'string' },
      'user-pool': { type: 'string' },
      email: { type: 'string' },
      region: { type: 'string' },
      local: { type: 'boolean', default: false },
      'port-offset': { type: 'string' },
      secret: { type: 'string' },
      distribution: { type: 'string' },
      key: { type: 'string' },
      'key-file': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    io.out(USAGE);
    return values.help ? 0 : 2;
  }
  let stage: ReturnType<typeof parseStage>;
  try {
    stage = parseStage(values.stage);
  } catch (error) {
    throw new UsageError(
      (error as Error).message.replace('-c stage=', '--stage ').replace('-c stage=', '--stage '),
    );
  }

  if (values.local) {
    const offset = parseOffset(values['port-offset'] ?? env.LOCAL_PORT_OFFSET);
    Object.assign(env, lambdaEndpointEnv(endpointsFor(portsFor('dev', offset))));
  }
  if (values.region) env.AWS_REGION = values.region;
  if (!env.AWS_REGION && !env.AWS_DEFAULT_REGION && !env.AWS_PROFILE) {
    throw new UsageError('No AWS region: pass --region (or set AWS_REGION).');
  }

  const need = (
    name: 'table' | 'user-pool' | 'email' | 'secret' | 'distribution' | 'key',
    hint: string,
  ): string => {
    const value = values[name]?.trim();
    if (!value) throw new UsageError(`${command} needs --${name} ${hint}.`);
    return value;
  };
  const { createAdmin, initSettings, importCatalogue } = await import('./commands.js');

  switch (command) {
    case 'create-admin': {
      const result = await createAdmin({
        userPoolId: need('user-pool', '<UserPoolId> (a stack output)'),
        email: need('email', '<address>'),
      });
      if (result.created) {
        io.out(`Created ${result.email} in the admin group (${stage}).`);
        io.out(`Temporary password (valid 3 days, shown once): ${result.temporaryPassword}`);
        io.out(
          stage === 'prod'
            ? 'At the first sign-in at /login they choose a password (12+ characters) and set up an authenticator app.'
            : 'At the first sign-in at /login they choose their own password.',
        );
      } else {
        io.out(`${result.email} already exists; it is in the admin group. Its password was not changed.`);
      }
      return 0;
    }
    case 'init-settings': {
      env[ENV.tableName] = need('table', '<TableName> (a stack output)');
      const created = await initSettings();
      io.out(
        created
          ? `Wrote the default settings record (${stage}). Staff change it in the back office's Settings.`
          : 'A settings record exists already: left as it is.',
      );
      return 0;
    }
    case 'import-catalogue': {
      env[ENV.tableName] = need('table', '<TableName> (a stack output)');
      const file = rest[0];
      if (!file)
        throw new UsageError(
          'import-catalogue needs the CSV file: import-catalogue --table <TableName> <file.csv>',
        );
      if (!/\.csv$/i.test(file)) throw new UsageError(`${file}: please choose a CSV file (.csv).`);
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
      }
      const report = await importCatalogue(text);
      if (report.error) {
        io.out(report.error);
        return 1;
      }
      io.out(
        `Imported ${path.basename(file)} (${stage}): ${report.created} created, ${report.updated} updated, ` +
          `${report.unchanged} unchanged, ${report.refused.length} refused.`,
      );
      for (const row of report.refused) io.out(`  line ${row.line}: ${row.reason}`);
      return report.refused.length > 0 ? 1 : 0;
    }
    case 'rotate-origin-secret': {
      if (values.local) {
        throw new UsageError(
          "The local stack's CloudFront reads the origin secret from .local/secrets.json at each request: edit originVerify there.",
        );
      }
      const { rotateOriginSecret } = await import('./origin-rotation.js');
      const { cloudFrontEdge, secretsManagerStore } = await import('./origin-aws.js');
      await rotateOriginSecret(
        {
          store: secretsManagerStore(need('secret', '<OriginSecretArn> (a stack output)')),
          edge: cloudFrontEdge(need('distribution', '<DistributionId> (a stack output)'), sleep),
          sleep,
          log: io.out,
        },
        values['dry-run'],
      );
      return 0;
    }
    case 'seal-payouts': {
      const tableName = need('table', '<TableName> (a stack output)');
      const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
      const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
      const crypto = await import('../../functions/lib/payout-crypto.js');
      const source = values.local
        ? crypto.localKeyGenerator(
            await crypto.readLocalPayoutKey(values['key-file'] ?? path.join('.local', 'payout-key')),
          )
        : crypto.kmsKeyGenerator(need('key', '<PayoutKeyArn> (a stack output)'));
      const { sealPayouts } = await import('./seal-payouts.js');
      const report = await sealPayouts({
        documents: DynamoDBDocumentClient.from(new DynamoDBClient({}), {
          marshallOptions: { removeUndefinedValues: true },
        }),
        tableName,
        sealer: crypto.payoutSealer(source),
        dryRun: values['dry-run'],
        log: io.out,
      });
      io.out(
        `${values['dry-run'] ? 'Dry run: ' : ''}${report.orders} orders read, ${report.sealed} ${values['dry-run'] ? 'to seal' : 'sealed'}, ` +
          `${report.skipped} already sealed or without details, ${report.changed} changed meanwhile (run again).`,
      );
      return report.changed > 0 ? 1 : 0;
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const thisFile = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  runOps(process.argv.slice(2), { out: (line) => console.log(line) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known = error instanceof UsageError || (error instanceof Error && error.name === 'TypeError');
      console.error(error instanceof Error ? `${known ? '' : `${error.name}: `}${error.message}` : error);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
