/**
 * Phase 4, gateway: the site and the API on one origin, as CloudFront and API Gateway serve them, and the
 * `/__local/...` controls (schedules, SES events, the breach-range service), once the seeding is done.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { BreachRangeService, ZBreachMode } from '../../fakes/breach-range.js';
import { JwtAuthorizer } from '../authorizer.js';
import { LocalStackError } from '../errors.js';
import { ControlInputError, type GatewayRoute, type LocalControl, startGateway } from '../gateway.js';
import { phase } from '../phases.js';
import { type SesProblem, sesEvent } from '../ses-proxy.js';
import { SqsFaultInputError } from '../sqs-front.js';
import { resolveSecretReference } from '../template/intrinsics.js';
import { localIssuer } from '../template/stack-model.js';
import { type Functions, readLocalSecret, runnable, type StartContext, WEB_ROOT } from './context.js';
import type { Emulators } from './emulators-phase.js';
import type { Provisioned } from './provisioning-phase.js';
import type { ScheduleRun } from './schedules-phase.js';

export async function startSite(
  ctx: StartContext,
  emulators: Emulators,
  stack: Provisioned,
  functions: Functions,
  schedules: readonly ScheduleRun[],
) {
  const { naming, endpoints, log, ports } = ctx;
  const { model, resolver, physical, site } = stack;
  const { sesProxy, sqsFaults } = await emulators.ready;
  return phase(async (cleanups) => {
    // Authorizers: the template's Cognito issuer, moved onto cognito-local.
    const authorizers = new Map<string, JwtAuthorizer>();
    for (const def of model.authorizers) {
      const issuer = localIssuer(
        resolver.resolveString(def.issuer, `${def.logicalId}.Issuer`),
        naming.cognitoOrigin,
      );
      const poolId = issuer.split('/').pop() ?? '';
      const audiences = def.audience.map((a, i) =>
        resolver.resolveString(a, `${def.logicalId}.Audience[${i}]`),
      );
      authorizers.set(
        def.logicalId,
        new JwtAuthorizer({
          issuer,
          audiences,
          jwksUrl: `${endpoints.cognito}/${poolId}/.well-known/jwks.json`,
        }),
      );
    }

    const routes: GatewayRoute[] = model.routes.map((route) => {
      const fn = runnable(functions, route.functionLogicalId, `Route ${route.routeKey}`);
      let authorizer: JwtAuthorizer | undefined;
      if (route.authorizationType === 'JWT') {
        authorizer = route.authorizerLogicalId ? authorizers.get(route.authorizerLogicalId) : undefined;
        if (!authorizer)
          throw new LocalStackError(
            `Route ${route.routeKey} needs a JWT authorizer the template does not define`,
          );
      }
      return {
        method: route.method,
        path: route.path,
        routeKey: route.routeKey,
        fn,
        authorizer,
        authorizationScopes: route.authorizationScopes,
      };
    });

    // The site opens on seeded data, as it did before the functions phase ran alongside the seeding.
    const { seeded, admin } = await stack.seeding;
    const built = await stack.webBuild;
    ctx.checkpoint('web build checked');
    if (built === 'built') log.line('site', 'Built the web app into dist/web.');
    else if (typeof built === 'object')
      log.line(
        'site',
        `The web app failed to build (${built.failed}); see ${join(ctx.logsDir, 'web-build.log')}.`,
      );

    // SES bounces and complaints: the event SES would publish for a captured e-mail, through its configuration
    // set's destination topic, to the functions subscribed to that topic (POST /__local/ses/bounce|complaint).
    const sesControl =
      (kind: SesProblem): LocalControl =>
      async (body) => {
        const parsed = ZSesSimulation.safeParse(body);
        if (!parsed.success) throw new ControlInputError('Send {"messageId":"..."} or {"to":"address"}');
        const email = sesProxy.findSent(parsed.data);
        if (!email) throw new ControlInputError('No e-mail captured with that message id or recipient');
        const setName = email.configurationSet;
        const topics = model.sesEventDestinations
          .filter(
            (d) =>
              d.enabled && d.events.includes(kind) && physical[d.configurationSetLogicalId]?.ref === setName,
          )
          .map((d) => d.topicLogicalId);
        const targets = model.topicSubscriptions.filter((sub) => topics.includes(sub.topicLogicalId));
        const event = sesEvent(kind, email);
        for (const sub of targets) {
          await runnable(functions, sub.functionLogicalId, `Subscription ${sub.logicalId}`).invoke(
            snsEvent(physical[sub.topicLogicalId]?.ref ?? sub.topicLogicalId, JSON.stringify(event)),
          );
        }
        return { messageId: email.messageId, to: email.destination, delivered: targets.length };
      };

    const breach = new BreachRangeService();
    const breachControl: LocalControl = async (body) => {
      const parsed = ZBreachMode.safeParse(body);
      if (!parsed.success) throw new ControlInputError('Send {"mode":"ok"|"fail"|"hang"}');
      breach.setMode(parsed.data.mode);
      return { mode: breach.mode };
    };
    const { hooks, imagesBucket } = stack;
    const gateway = await startGateway({
      port: ports.site,
      routes,
      images: imagesBucket ? { origin: endpoints.s3, bucket: imagesBucket } : undefined,
      webRoot: WEB_ROOT,
      securityHeaders: site.securityHeaders,
      // What the distribution adds to every API request (the origin secret), read from the local secret file.
      apiOriginHeaders: Object.fromEntries(
        Object.entries(site.apiOriginHeaders).map(([name, value]) => [
          name,
          resolveSecretReference(value, (key) => readLocalSecret(ctx.files.secrets, key)),
        ]),
      ),
      // Only the test profile lets a test file be a client of its own (per-client limits).
      testClientAddress: ctx.profile === 'test',
      extraImageSources: [emulators.easypost.origin],
      controls: {
        // Scheduled functions: each runs now with a POST to /__local/schedules/<name>.
        ...Object.fromEntries(schedules.map((s): [string, LocalControl] => [`schedules/${s.name}`, s.run])),
        'breach/mode': breachControl,
        ...hooks.controls,
        // A queue down, or refusing the messages that contain a text: POST /__local/sqs/faults (sqs-front.ts).
        'sqs/faults': async (body) => {
          try {
            return sqsFaults.set(body);
          } catch (error) {
            if (error instanceof SqsFaultInputError) throw new ControlInputError(error.message);
            throw error;
          }
        },
        'ses/bounce': sesControl('bounce'),
        'ses/complaint': sesControl('complaint'),
        'ses/identity': async (body) => {
          const parsed = ZSesIdentity.safeParse(body);
          if (!parsed.success)
            throw new ControlInputError('Send {"identity":"address or domain","verified":false}');
          sesProxy.setVerified(parsed.data.identity, parsed.data.verified);
          return parsed.data;
        },
      },
      localServices: { 'breach/range': breach.routes },
      extraConnectSources: [
        naming.cognitoOrigin,
        endpoints.cognito,
        endpoints.s3,
        `http://localhost:${ports.s3}`,
      ],
      log,
      accessLog: ctx.options.accessLog ?? ctx.profile === 'dev',
    });
    cleanups.add(() => gateway.close());
    // Runs before the gateway closes (cleanups run last first): held breach requests get their answer.
    cleanups.add(async () => breach.releaseAll());
    return { seeded, admin };
  });
}

/** The event SNS hands a subscribed function: one record carrying the message text. */
function snsEvent(topicArn: string, message: string) {
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${topicArn}:${randomUUID()}`,
        Sns: {
          Type: 'Notification',
          MessageId: randomUUID(),
          TopicArn: topicArn,
          Subject: null,
          Message: message,
          Timestamp: new Date().toISOString(),
          SignatureVersion: '1',
          Signature: 'local',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: {},
        },
      },
    ],
  };
}

const ZSesSimulation = z.union([
  z.object({ messageId: z.string().check(z.minLength(1)) }),
  z.object({ to: z.string().check(z.minLength(3)) }),
]);
const ZSesIdentity = z.object({ identity: z.string().check(z.minLength(1)), verified: z.boolean() });
