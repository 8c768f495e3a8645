/**
 * Phase 2, provisioning: the template read into the stack model, its resources and secrets created in the
 * emulators, each function's environment resolved, the catalogue and the admin user seeded (in the background:
 * the gateway phase awaits `seeding`) and the web build checked. Cleanup: clients destroyed, hooks closed.
 */
import { join } from 'node:path';
import * as ENV from '../../../shared/env-vars.js';
import type { SignInFlow } from '../../../shared/schemas/auth.js';
import { warmDynamoDbLocal } from '../dynamodb-warmup.js';
import { loadHooks } from '../hooks.js';
import { phase } from '../phases.js';
import {
  ensureBuckets,
  ensurePayoutKeyFile,
  ensureQueues,
  ensureSecretsFile,
  ensureTables,
  ensureUserPools,
  LOCAL_SIGNING_SECRET_PLACEHOLDERS,
} from '../resources.js';
import { createClients, lambdaEndpointEnv } from '../sdk.js';
import { ensureAdminUser, seedCatalogue } from '../seed.js';
import { synthesize } from '../synth.js';
import { localizeUrls, Resolver, resolveSecretReference } from '../template/intrinsics.js';
import { physicalValues, withoutHash } from '../template/names.js';
import { readSiteConfig } from '../template/site-config.js';
import { readStack } from '../template/stack-model.js';
import { ensureWebBuild } from '../web-build.js';
import { REPO_ROOT, readLocalSecret, type StartContext, WEB_ROOT } from './context.js';
import type { Emulators } from './emulators-phase.js';

export async function provision(ctx: StartContext, emulators: Emulators) {
  const { naming, endpoints, dataDir, files, log } = ctx;
  return phase(async (cleanups) => {
    const synthesized = await synthesize({
      stage: ctx.stage,
      outdir: join(dataDir, 'cdk.out'),
      app: ctx.options.app,
      cacheDir: join(REPO_ROOT, 'node_modules', '.cache', 'local-stack'),
      root: REPO_ROOT,
    });
    ctx.checkpoint(
      synthesized.cached ? 'reused the assembly synthesized from the same sources' : 'synthesized',
    );
    const webBuild = ensureWebBuild({
      root: REPO_ROOT,
      webRoot: WEB_ROOT,
      logFile: join(ctx.logsDir, 'web-build.log'),
    });
    await emulators.ready;
    ctx.checkpoint('emulators ready');

    const { template } = synthesized;
    const noIds = { userPools: {}, userPoolClients: {} };
    const basePhysical = physicalValues(template, naming, noIds);
    const baseResolver = new Resolver(template, basePhysical, naming);
    const model = readStack(template, baseResolver, basePhysical);
    for (const warning of model.warnings) log.line('runner', warning);

    const clients = createClients(endpoints);
    cleanups.add(async () => clients.destroy());
    // A measuring tool's hooks (LOCAL_STACK_HOOKS): the functions and the queue pollers may reach the
    // emulators through its proxies.
    const hooks = await loadHooks({ template, endpoints });
    cleanups.add(async () => hooks.close?.());
    const hooked = hooks.endpoints?.(endpoints) ?? endpoints;
    const pollerClients = hooked === endpoints ? clients : createClients(hooked);
    if (pollerClients !== clients) cleanups.add(async () => pollerClients.destroy());
    const [tables] = await Promise.all([
      ensureTables(clients.dynamodb, model, baseResolver, basePhysical),
      ensureQueues(clients.sqs, model, baseResolver, basePhysical),
      ensureBuckets(clients.s3, model, baseResolver, basePhysical),
    ]);
    const ids = await ensureUserPools(clients.cognito, model, baseResolver, {
      idsFile: join(dataDir, 'cognito-ids.json'),
      namePrefix: naming.namePrefix,
    });
    ctx.checkpoint('resources ready');
    // The dev profile's fresh DynamoDB Local gets its warm-up work, in the background (a test run's files warm it).
    if (ctx.profile === 'dev' && tables[0]) {
      const warming = new AbortController();
      const log = (text: string) => ctx.log.line('dynamodb', text);
      const warmed = warmDynamoDbLocal(clients.dynamodb, tables[0], { signal: warming.signal }).then(
        () => log('warmed up'),
        (error: Error) => log(`warm-up failed (the stack works, slower at first): ${error.message}`),
      );
      cleanups.add(async () => {
        warming.abort();
        await warmed;
      });
    }
    const physical = physicalValues(template, naming, ids);
    const resolver = new Resolver(template, physical, naming);
    const isSigningSecret = (secret: { logicalId: string }) =>
      withoutHash(secret.logicalId).endsWith('SigningSecret');
    ensureSecretsFile(
      files.signingSecrets,
      model.secrets.filter(isSigningSecret),
      resolver,
      LOCAL_SIGNING_SECRET_PLACEHOLDERS,
    );
    ensureSecretsFile(
      files.secrets,
      model.secrets.filter((s) => !isSigningSecret(s)),
      resolver,
    );
    ensurePayoutKeyFile(files.payoutKey);

    // The environment of each function a route or an event source runs (CDK's own helper functions stay out).
    const used = new Set([
      ...model.routes.map((r) => r.functionLogicalId),
      ...model.eventSources.map((e) => e.functionLogicalId),
      ...model.streamSources.map((e) => e.functionLogicalId),
      ...model.schedules.map((e) => e.functionLogicalId),
      ...model.topicSubscriptions.map((e) => e.functionLogicalId),
    ]);
    const breachRangeUrl = `${naming.siteOrigin}/__local/breach/range/`;
    // The browser's Cognito endpoint: the runner's proxy in front of cognito-local (it also answers
    // GetTokensFromRefreshToken), on the origin the tokens' issuer names.
    const endpointEnv: Record<string, string> = {
      ...lambdaEndpointEnv(hooked),
      [ENV.easypostBaseUrl]: emulators.easypost.apiBaseUrl,
      [ENV.twilioBaseUrl]: emulators.twilio.apiBaseUrl,
      [ENV.cognitoEndpoint]: naming.cognitoOrigin,
    };
    // Values the template holds for AWS that have a local stand-in.
    // cognito-local has no SRP: the sign-in page uses the plain-password flow its local client allows.
    const localOverrides: Record<string, string> = {
      [ENV.breachRangeUrl]: breachRangeUrl,
      [ENV.signInFlow]: 'USER_PASSWORD_AUTH' satisfies SignInFlow,
    };
    const functionEnvs = new Map<string, Record<string, string>>();
    const sharedEnv: Record<string, string> = {};
    for (const fn of model.functions.filter((f) => used.has(f.logicalId))) {
      const own: Record<string, string> = {};
      for (const [name, value] of Object.entries(fn.environment)) {
        own[name] =
          localOverrides[name] ??
          localizeUrls(
            resolveSecretReference(
              resolver.resolveString(value, `${fn.logicalId}.Environment.Variables.${name}`),
              (key) => readLocalSecret(files.secrets, key),
            ),
          );
      }
      functionEnvs.set(fn.logicalId, own);
      for (const [name, value] of Object.entries(own)) {
        if (!(name in sharedEnv)) sharedEnv[name] = value;
        else if (sharedEnv[name] !== value) sharedEnv[name] = '';
      }
    }
    for (const name of Object.keys(sharedEnv)) if (sharedEnv[name] === '') delete sharedEnv[name];

    // Seed data and the admin user, while the functions' workers load (awaited before the site opens).
    const site = readSiteConfig(template, resolver);
    const tableName =
      sharedEnv[ENV.tableName] ?? (model.tables[0] ? physical[model.tables[0].logicalId].ref : '');
    const imagesBucket = site.imagesBucketLogicalId
      ? physical[site.imagesBucketLogicalId].ref
      : sharedEnv[ENV.imagesBucket];
    const pool = model.userPools[0];
    const userPoolId = pool ? ids.userPools[pool.logicalId] : '';
    const appClient = model.userPoolClients.find((c) => c.userPoolLogicalId === pool?.logicalId);
    const adminGroup = model.userPoolGroups.find((g) => g.groupName === 'admin') ?? model.userPoolGroups[0];
    const seeding = (async () => {
      const seeded = tableName
        ? await seedCatalogue({
            documents: clients.documents,
            s3: clients.s3,
            tableName,
            imagesBucket,
            // The test profile always seeds: its data is fresh by design.
            force: ctx.options.forceSeed ?? ctx.profile === 'test',
          })
        : false;
      const admin = userPoolId
        ? await ensureAdminUser({
            cognito: clients.cognito,
            userPoolId,
            groupName: adminGroup?.groupName,
            file: join(dataDir, 'admin.json'),
          })
        : { email: '', password: '' };
      ctx.checkpoint('seeded');
      return { seeded, admin };
    })();
    // Awaited by the gateway phase; should a phase before it fail meanwhile, that failure is the one reported.
    seeding.catch(() => {});
    cleanups.add(async () => {
      await seeding.catch(() => {});
    });
    return {
      synthesized,
      model,
      physical,
      resolver,
      clients,
      pollerClients,
      hooks,
      webBuild,
      site,
      endpointEnv,
      functionEnvs,
      sharedEnv,
      breachRangeUrl,
      tableName,
      imagesBucket,
      seeding,
      userPoolId,
      clientId: appClient ? ids.userPoolClients[appClient.logicalId] : '',
    };
  });
}

export type Provisioned = Awaited<ReturnType<typeof provision>>;
