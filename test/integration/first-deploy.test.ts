/**
 * The first-deploy commands (`npm run ops -- ...`, infra/ops/ops.ts) run as an operator runs them, against the
 * local stack (`--local`): create the first admin, write the default settings, import a catalogue CSV.
 *
 * @local-stack exclusive: it deletes the settings record and writes it again.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { settings as settingsEntity } from '../../functions/lib/entities';
import { DEV_PORTS } from '../../infra/local/ports';
import { adminProductMessages } from '../../shared/messages';
import { parseProductCsv } from '../../shared/rules/product-csv-file';
import { readSettings } from '../../shared/rules/settings';
import type { Product } from '../../shared/schemas/product';
import { respondNewPassword, startSignIn } from '../support/cognito';
import { deleteItems, getItem, productItemKeys, putItem, testDb } from '../support/db';
import { api, stack } from '../support/stack';

jest.setTimeout(240_000);

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'first-deploy-'));

/** The test stack's ports are the dev ports moved by one offset: the operator's `--port-offset`. */
const portOffset = () => Number(new URL(stack().urls.dynamodb).port) - DEV_PORTS.dynamodb;

async function ops(...args: string[]): Promise<{ code: number; out: string }> {
  const argv = [
    path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
    'infra/ops/ops.ts',
    ...args,
    '--local',
    '--port-offset',
    String(portOffset()),
  ];
  // The operator's shell: no AWS variables of the test process, no LOCAL_PORT_OFFSET.
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmp };
  try {
    const { stdout, stderr } = await run(process.execPath, argv, { cwd: repoRoot, env });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}

const BRAND = `Ops Import ${randomUUID().slice(0, 8)}`;
const ours = async (): Promise<Product[]> =>
  (await api<{ products: Product[] }>('/api/products')).body.products.filter((p) => p.brand === BRAND);

afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  // The catalogue is shared with the other test files: leave it as it was.
  await deleteItems(productItemKeys(await ours()));
});

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

describe('ops create-admin', () => {
  it('creates a staff user with a temporary password: signing in with it asks for a new password, then the user is an admin', async () => {
    const email = `first-admin-${randomUUID().slice(0, 8)}@stripbuyback.test`;
    const created = await ops('create-admin', '--user-pool', stack().userPoolId, '--email', email);
    expect(created.code).toBe(0);
    const temporary = created.out.match(/Temporary password \(valid 3 days, shown once\): (\S+)/)?.[1];
    expect(temporary).toBeDefined();

    const first = await startSignIn(email, temporary as string);
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const tokens = await respondNewPassword(email, first.Session as string, 'N3w!Passw0rd-Ops');
    expect(decode(tokens.idToken)['cognito:groups']).toEqual(['admin']);
    const session = await api('/api/admin/session', {
      headers: { authorization: `Bearer ${tokens.idToken}` },
    });
    expect(session.status).toBe(200);

    // Run again: the user is kept as it is (the password they chose still works), still an admin.
    const again = await ops('create-admin', '--user-pool', stack().userPoolId, '--email', email);
    expect(again.code).toBe(0);
    expect(again.out).toContain('already exists');
    expect((await startSignIn(email, 'N3w!Passw0rd-Ops')).AuthenticationResult?.IdToken).toBeDefined();
  });

  it('says which flag is missing, without a stack trace', async () => {
    const missing = await ops('create-admin', '--email', 'x@stripbuyback.test');
    expect(missing.code).toBe(2);
    expect(missing.out.trim()).toBe('create-admin needs --user-pool <UserPoolId> (a stack output).');
  });
});

describe('ops init-settings', () => {
  it('writes the default settings record where there is none, and leaves an existing one alone', async () => {
    const seeded = await getItem(settingsEntity.key());
    expect(seeded).toBeDefined();
    try {
      // An existing record (the seeded one) is left as it is.
      const kept = await ops('init-settings', '--table', stack().tableName);
      expect(kept.code).toBe(0);
      expect(kept.out).toContain('exists already');
      expect(await getItem(settingsEntity.key())).toEqual(seeded);

      // A fresh stage: no record. The command writes the repository's defaults, once.
      await testDb().send(new DeleteCommand({ TableName: stack().tableName, Key: settingsEntity.key() }));
      const wrote = await ops('init-settings', '--table', stack().tableName, '--stage', 'prod');
      expect(wrote.code).toBe(0);
      expect(wrote.out).toContain('Wrote the default settings record (prod)');
      const written = await getItem(settingsEntity.key());
      expect(written).toMatchObject({ ...readSettings(null), is_primary: true });
      const again = await ops('init-settings', '--table', stack().tableName);
      expect(again.out).toContain('exists already');
      expect(await getItem(settingsEntity.key())).toEqual(written);

      // The public settings route reads it.
      expect((await api('/api/settings')).status).toBe(200);
    } finally {
      await putItem(seeded as Record<string, unknown>);
    }
  });
});

describe('ops import-catalogue', () => {
  it("imports a CSV's good rows and refuses a bad one with the back office's message", async () => {
    const file = path.join(tmp, 'catalogue.csv');
    const text = [
      'Product ID,Product,Description,Brand,Type,Boxcount,Price',
      `,Ops Strips 50,Fifty strips,${BRAND},Test Strips,50,12.5`,
      `,,No name,${BRAND},Test Strips,50,10`,
      `,Ops CGM,One sensor,${BRAND},CGM,,30`,
    ].join('\r\n');
    writeFileSync(file, text);
    // What the products page says about the same file, read against the same catalogue.
    const products = (await api<{ products: Product[] }>('/api/products')).body.products;
    const byNumber = new Map(products.map((p) => [p.productId, p]));
    const page = parseProductCsv(text, (id) => byNumber.get(id) ?? null);
    expect(page.refused).toEqual([{ line: 3, reason: adminProductMessages.nameRequired }]);

    const imported = await ops('import-catalogue', '--table', stack().tableName, file);
    expect(imported.out).toContain('2 created, 0 updated, 0 unchanged, 1 refused');
    expect(imported.out).toContain(`line 3: ${adminProductMessages.nameRequired}`);
    expect(imported.code).toBe(1);
    expect((await ours()).map((p) => [p.name, p.buybackPrice]).sort()).toEqual([
      ['Ops CGM', 30],
      ['Ops Strips 50', 12.5],
    ]);
  });

  it('refuses a file without the columns as the back office does, importing nothing', async () => {
    const file = path.join(tmp, 'wrong.csv');
    writeFileSync(file, `Name,Price\r\nOps Nothing ${BRAND},10\r\n`);
    const expected = parseProductCsv(`Name,Price\r\nx,10\r\n`).error;
    expect(expected).not.toBeNull();
    const refused = await ops('import-catalogue', '--table', stack().tableName, file);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(expected?.message);
  });
});
