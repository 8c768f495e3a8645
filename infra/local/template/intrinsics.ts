/**
 * The template's values the way CloudFormation resolves them, with local physical values: the intrinsic
 * functions the template uses resolve against them (any other fails, naming itself and where it is), and a
 * secret's dynamic reference against the local secret file. Pure: no I/O, so it is unit-tested on hand-written
 * templates.
 */
export type Json = unknown;

export interface CfnResource {
  Type: string;
  Properties?: Record<string, Json>;
  Metadata?: Record<string, Json>;
  Condition?: string;
}

export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  /** Only nested stacks' parameters are read: flattening binds them to what the parent passes. */
  Parameters?: Record<string, { Type?: string; Default?: Json }>;
  Outputs?: Record<string, { Value: Json }>;
}

/** What a logical id stands for locally: its `Ref` value and its `Fn::GetAtt` attributes. */
export interface Physical {
  ref: string;
  attrs: Record<string, string>;
}

export interface LocalNaming {
  region: string;
  accountId: string;
  /** Prefix of generated physical names, e.g. `buyback-dev`. */
  namePrefix: string;
  /** Origin of the local site, e.g. `http://localhost:3000`: stands in for the CloudFront distribution. */
  siteOrigin: string;
  /** Origin queue URLs are built on, e.g. `http://127.0.0.1:9324`. */
  sqsOrigin: string;
  /** Issuer origin of the local user pools, e.g. `http://localhost:9229`. */
  cognitoOrigin: string;
}

export class TemplateError extends Error {
  override readonly name = 'TemplateError';
}

export const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const describe = (value: Json): string => JSON.stringify(value)?.slice(0, 200) ?? String(value);

/**
 * The intrinsic functions the runner resolves: exactly those CDK writes into this app's templates. Listed from
 * the dev and the prod templates, nested stacks included (2026-11): Ref, Fn::GetAtt, Fn::Join and Fn::Sub all
 * over; Fn::Select over Fn::Split in the distribution's API origin (the host of the API's endpoint). None of
 * Fn::If, Fn::FindInMap, Fn::Base64, Fn::GetAZs, Fn::ToJsonString, Condition or a resource's `Condition` key
 * appears: the template is the same in every region and account, so CDK has nothing to decide at deploy time.
 * Should one ever appear, `assertSupported` says which and where, before anything is resolved.
 */
export const SUPPORTED_INTRINSICS = ['Ref', 'Fn::GetAtt', 'Fn::Join', 'Fn::Sub', 'Fn::Select', 'Fn::Split'];

/** The pseudo parameters the templates use; the runner's own values stand in for AWS's. */
const PSEUDO_VALUES = new Map<string, (naming: LocalNaming) => string>([
  ['AWS::Region', (naming) => naming.region],
  ['AWS::AccountId', (naming) => naming.accountId],
  ['AWS::Partition', () => 'aws'],
  ['AWS::URLSuffix', () => 'amazonaws.com'],
]);
const PSEUDO_PARAMETERS = [...PSEUDO_VALUES.keys()];

/**
 * CDK's version-reporting resource: `cdk synth` from the CLI adds one to the top-level stack (never to a nested
 * one), with a `Condition` on the regions that collect it when the stack is region-agnostic (the dev stack). It
 * has no meaning locally, and the runner synthesizes in-process, where none is added: it is skipped rather than
 * its condition evaluated.
 */
export const CDK_METADATA = 'AWS::CDK::Metadata';

const unsupported = (name: string, where: string) =>
  new TemplateError(
    `${where}: ${name} is not supported by the local runner, which resolves ${SUPPORTED_INTRINSICS.join(', ')} (infra/local/template/intrinsics.ts)`,
  );

/** An object that is an intrinsic function call: one key, `Ref`, `Fn::...`, or `Condition` naming a condition. */
const intrinsicName = (value: Record<string, Json>): string | undefined => {
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  const [key] = keys;
  if (key === 'Ref' || key.startsWith('Fn::')) return key;
  // An IAM statement's `Condition` is an object and never alone; the intrinsic's argument is a name.
  return key === 'Condition' && typeof value[key] === 'string' ? key : undefined;
};

/**
 * Fails with a TemplateError naming the first intrinsic function, pseudo parameter or resource `Condition` the
 * runner cannot resolve, and where it is (`Resources.<id>.Properties...`). Resources only: the runner reads no
 * Outputs, Rules or Conditions.
 */
export function assertSupported(template: CfnTemplate): void {
  const visit = (value: Json, where: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        visit(item, `${where}[${i}]`);
      });
      return;
    }
    if (!isRecord(value)) return;
    const name = intrinsicName(value);
    if (name !== undefined && !SUPPORTED_INTRINSICS.includes(name)) throw unsupported(name, where);
    if (name === 'Ref' && typeof value.Ref === 'string') assertPseudo(value.Ref, where);
    for (const [key, item] of Object.entries(value)) visit(item, `${where}.${key}`);
  };
  for (const [id, resource] of Object.entries(template.Resources ?? {})) {
    if (resource.Type === CDK_METADATA) continue;
    if (resource.Condition !== undefined) {
      throw new TemplateError(
        `Resources.${id}: the Condition ${String(resource.Condition)} is not supported by the local runner, which creates every resource (infra/local/template/intrinsics.ts)`,
      );
    }
    visit(resource.Properties, `Resources.${id}.Properties`);
  }
}

function assertPseudo(name: string, where: string): void {
  if (name.startsWith('AWS::') && !PSEUDO_PARAMETERS.includes(name)) {
    throw new TemplateError(
      `${where}: the pseudo parameter ${name} is not supported by the local runner, which knows ${PSEUDO_PARAMETERS.join(', ')} (infra/local/template/intrinsics.ts)`,
    );
  }
}

/**
 * Resolves the intrinsic functions of SUPPORTED_INTRINSICS against local physical values. Unknown references
 * fail with a message naming the resource type, so a new kind of resource in the stack says what the runner lacks.
 */
export class Resolver {
  constructor(
    private readonly template: CfnTemplate,
    private readonly physical: Record<string, Physical>,
    private readonly naming: LocalNaming,
  ) {}

  resolve(value: Json, where = 'template'): Json {
    if (Array.isArray(value)) return value.map((item) => this.resolve(item, where));
    if (!isRecord(value)) return value;
    const name = intrinsicName(value);
    if (name !== undefined) return this.intrinsic(name, value[name], where);
    const out: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) out[key] = this.resolve(item, `${where}.${key}`);
    return out;
  }

  resolveString(value: Json, where: string): string {
    return this.scalar(this.resolve(value, where), where);
  }

  private intrinsic(name: string, arg: Json, where: string): Json {
    switch (name) {
      case 'Ref':
        return this.ref(String(arg), where);
      case 'Fn::GetAtt': {
        const [id, ...rest] = Array.isArray(arg) ? arg.map(String) : String(arg).split('.');
        return this.getAtt(id, rest.join('.'), where);
      }
      case 'Fn::Join': {
        const [delimiter, list] = this.args(arg, 2, name, where);
        const items = this.resolve(list, where);
        if (!Array.isArray(items))
          throw new TemplateError(`${where}: Fn::Join needs a list, got ${describe(items)}`);
        return items.map((item) => this.scalar(item, where)).join(String(delimiter));
      }
      case 'Fn::Sub':
        return this.sub(arg, where);
      case 'Fn::Select': {
        const [index, list] = this.args(arg, 2, name, where);
        const items = this.resolve(list, where);
        const i = Number(this.resolve(index, where));
        if (!Array.isArray(items) || !Number.isInteger(i) || i < 0 || i >= items.length) {
          throw new TemplateError(`${where}: Fn::Select index ${i} out of range of ${describe(items)}`);
        }
        return items[i];
      }
      case 'Fn::Split': {
        const [delimiter, source] = this.args(arg, 2, name, where);
        return this.scalar(this.resolve(source, where), where).split(String(delimiter));
      }
      default:
        throw unsupported(name, where);
    }
  }

  private args(arg: Json, count: number, name: string, where: string): Json[] {
    if (!Array.isArray(arg) || arg.length < count) {
      throw new TemplateError(`${where}: ${name} expects ${count} arguments, got ${describe(arg)}`);
    }
    return arg;
  }

  private scalar(value: Json, where: string): string {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw new TemplateError(`${where}: expected a string, got ${describe(value)}`);
  }

  private ref(id: string, where: string): string {
    const pseudo = PSEUDO_VALUES.get(id);
    if (pseudo) return pseudo(this.naming);
    assertPseudo(id, where);
    if (this.template.Parameters?.[id]) {
      throw new TemplateError(
        `${where}: Ref ${id} refers to a parameter, which the local runner does not read (infra/local/template/intrinsics.ts)`,
      );
    }
    return this.lookup(id, where, `Ref ${id}`).ref;
  }

  private getAtt(id: string, attribute: string, where: string): string {
    const physical = this.lookup(id, where, `Fn::GetAtt ${id}.${attribute}`);
    const value = physical.attrs[attribute];
    if (value === undefined) {
      const type = this.template.Resources[id]?.Type;
      throw new TemplateError(`${where}: Fn::GetAtt ${id}.${attribute} is not known locally for ${type}`);
    }
    return value;
  }

  private lookup(id: string, where: string, what: string): Physical {
    const physical = this.physical[id];
    if (physical) return physical;
    const resource = this.template.Resources[id];
    if (!resource) throw new TemplateError(`${where}: ${what} refers to ${id}, which is not in the template`);
    throw new TemplateError(
      `${where}: ${what} refers to a ${resource.Type}, which the local runner does not emulate (infra/local/template/intrinsics.ts)`,
    );
  }

  private sub(arg: Json, where: string): string {
    const [text, variables] = Array.isArray(arg)
      ? [String(arg[0]), (arg[1] ?? {}) as Record<string, Json>]
      : [String(arg), {}];
    return text.replace(/\$\{([^}]+)\}/g, (_match, expression: string) => {
      if (expression.startsWith('!')) return `\${${expression.slice(1)}}`;
      if (expression in variables) return this.scalar(this.resolve(variables[expression], where), where);
      if (expression.includes('.')) {
        const [id, ...rest] = expression.split('.');
        return this.getAtt(id, rest.join('.'), where);
      }
      return this.ref(expression, where);
    });
  }
}

/** Locally every origin is plain HTTP: a `https://` URL built on a local host becomes `http://`. */
export function localizeUrls(value: string): string {
  return value.replace(/https:\/\/(localhost|127\.0\.0\.1)(?=[:/]|$)/g, 'http://$1');
}
const SECRET_REFERENCE = /^\{\{resolve:secretsmanager:.+:SecretString:([^:}]+)(?::[^:}]*){0,2}\}\}$/;

/**
 * A `{{resolve:secretsmanager:<arn>:SecretString:<key>...}}` dynamic reference resolved against the local
 * secret file (every secret of the template lands in that one file), as CloudFormation resolves it at deploy
 * time; any other value is returned as it is.
 */
export function resolveSecretReference(
  value: string,
  readSecret: (key: string) => string | undefined,
): string {
  const match = SECRET_REFERENCE.exec(value);
  if (!match) return value;
  const resolved = readSecret(match[1]);
  if (resolved === undefined || resolved === '')
    throw new TemplateError(`The local secret file has no value for ${match[1]}`);
  return resolved;
}
