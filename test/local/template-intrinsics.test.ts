// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Fn::Sub strings are CloudFormation's, not template literals
import {
  assertSupported,
  type CfnTemplate,
  localizeUrls,
  Resolver,
  resolveSecretReference,
  TemplateError,
} from '../../infra/local/template/intrinsics';
import { physicalValues } from '../../infra/local/template/names';
import { readStack } from '../../infra/local/template/stack-model';
import { ids, naming, resolver, template } from './template-fixture';

describe('Resolver', () => {
  it('resolves Ref, Fn::GetAtt and Fn::Join to local values', () => {
    const env = template.Resources.ApigetProductFunctionC8E338BC.Properties?.Environment as {
      Variables: Record<string, unknown>;
    };
    const resolved = resolver.resolve(env.Variables) as Record<string, string>;
    expect(resolved.TABLE_NAME).toBe('buyback-dev-DataTableFDBAD0F2');
    expect(resolved.EMAIL_QUEUE_URL).toBe(
      'http://127.0.0.1:9324/000000000000/buyback-dev-JobsEmailJobsQueue42F92482',
    );
    expect(resolved.PROVIDER_SECRET_ID).toMatch(
      /^arn:aws:secretsmanager:us-east-1:000000000000:secret:buyback-dev-/,
    );
    // The distribution's domain is the local site; the URL built on it becomes plain HTTP.
    expect(resolved.SITE_URL).toBe('https://localhost:3000');
    expect(localizeUrls(resolved.SITE_URL)).toBe('http://localhost:3000');
  });

  it('resolves Fn::Sub with pseudo parameters, attributes, variables and escapes', () => {
    expect(resolver.resolve({ 'Fn::Sub': 'cdk-${AWS::AccountId}-${AWS::Region}' })).toBe(
      'cdk-000000000000-us-east-1',
    );
    expect(resolver.resolve({ 'Fn::Sub': '${JobsEmailJobsQueue42F92482.QueueName}' })).toBe(
      'buyback-dev-JobsEmailJobsQueue42F92482',
    );
    expect(resolver.resolve({ 'Fn::Sub': ['${x}/${!Literal}', { x: { Ref: 'AWS::Partition' } }] })).toBe(
      'aws/${Literal}',
    );
  });

  it('resolves Fn::Select over Fn::Split (the API origin of the distribution)', () => {
    expect(resolver.resolve({ 'Fn::Select': [1, { 'Fn::Split': ['/', 'a/b/c'] }] })).toBe('b');
  });

  // The synthesized templates use none of these (test/infra/stack.test.ts checks the real ones).
  it.each([
    [{ 'Fn::If': ['IsDev', 'yes', 'no'] }, 'Fn::If'],
    [{ 'Fn::FindInMap': ['Sizes', 'dev', 'memory'] }, 'Fn::FindInMap'],
    [{ 'Fn::Base64': 'text' }, 'Fn::Base64'],
    [{ 'Fn::GetAZs': '' }, 'Fn::GetAZs'],
    [{ 'Fn::ToJsonString': { a: 1 } }, 'Fn::ToJsonString'],
    [{ 'Fn::Equals': ['a', 'a'] }, 'Fn::Equals'],
    [{ Condition: 'IsDev' }, 'Condition'],
    [{ 'Fn::ImportValue': 'x' }, 'Fn::ImportValue'],
  ])('refuses %j, naming %s and where it is', (value, name) => {
    expect(() => resolver.resolve({ Variables: { X: value } }, 'Fn.Environment')).toThrow(
      new TemplateError(
        `Fn.Environment.Variables.X: ${name} is not supported by the local runner, which resolves Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split (infra/local/template/intrinsics.ts)`,
      ),
    );
  });

  it('refuses the pseudo parameters and template parameters the templates do not use', () => {
    expect(() => resolver.resolve({ Ref: 'AWS::NoValue' }, 'X')).toThrow(
      /^X: the pseudo parameter AWS::NoValue is not supported by the local runner/,
    );
    expect(() => resolver.resolve({ 'Fn::Sub': '${AWS::StackName}-x' }, 'X')).toThrow(
      /^X: the pseudo parameter AWS::StackName is not supported/,
    );
    expect(() => resolver.resolve({ Ref: 'BootstrapVersion' }, 'X')).toThrow(
      new TemplateError(
        'X: Ref BootstrapVersion refers to a parameter, which the local runner does not read (infra/local/template/intrinsics.ts)',
      ),
    );
  });

  it('names the resource type it cannot resolve', () => {
    expect(() => resolver.resolve({ Ref: 'Alarm' }, 'X.Environment')).toThrow(
      new TemplateError(
        'X.Environment: Ref Alarm refers to a AWS::CloudWatch::Alarm, which the local runner does not emulate (infra/local/template/intrinsics.ts)',
      ),
    );
    expect(() => resolver.resolve({ 'Fn::GetAtt': ['DataTableFDBAD0F2', 'Nope'] })).toThrow(
      /not known locally for AWS::DynamoDB::Table/,
    );
    expect(() => resolver.resolve({ Ref: 'Missing' })).toThrow(/not in the template/);
  });
});

describe('assertSupported', () => {
  const withResource = (id: string, resource: CfnTemplate['Resources'][string]): CfnTemplate => ({
    ...template,
    Resources: { ...template.Resources, [id]: resource },
  });

  it('accepts the template the app synthesizes, IAM conditions included', () => {
    expect(() => assertSupported(template)).not.toThrow();
    const policy = withResource('Policy', {
      Type: 'AWS::IAM::Policy',
      Properties: {
        PolicyDocument: {
          Statement: [{ Effect: 'Allow', Action: 'kms:Decrypt', Condition: { StringEquals: { a: 'b' } } }],
        },
      },
    });
    expect(() => assertSupported(policy)).not.toThrow();
  });

  it('names an unsupported function and where it is, before anything is resolved', () => {
    const withIf = withResource('Fn', {
      Type: 'AWS::Lambda::Function',
      Properties: { Environment: { Variables: { MODE: { 'Fn::If': ['IsProd', 'live', 'test'] } } } },
    });
    const message =
      'Resources.Fn.Properties.Environment.Variables.MODE: Fn::If is not supported by the local runner, which resolves Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split (infra/local/template/intrinsics.ts)';
    expect(() => assertSupported(withIf)).toThrow(new TemplateError(message));
    // The runner reads the stack through readStack: it fails there, not when the value is first needed.
    const early = physicalValues(withIf, naming, ids);
    expect(() => readStack(withIf, new Resolver(withIf, early, naming), early)).toThrow(message);
    const inList = withResource('Alarm2', {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: { Dimensions: [{ Value: { 'Fn::Base64': 'x' } }] },
    });
    expect(() => assertSupported(inList)).toThrow(
      /^Resources\.Alarm2\.Properties\.Dimensions\[0\]\.Value: Fn::Base64 /,
    );
    const pseudo = withResource('Q', {
      Type: 'AWS::SQS::Queue',
      Properties: { QueueName: { Ref: 'AWS::StackName' } },
    });
    expect(() => assertSupported(pseudo)).toThrow(
      /^Resources\.Q\.Properties\.QueueName: the pseudo parameter AWS::StackName is not supported/,
    );
  });

  it("refuses a resource's Condition, but skips CDK's version-reporting resource and its condition", () => {
    const conditional = withResource('Topic', { Type: 'AWS::SNS::Topic', Condition: 'IsProd' });
    expect(() => assertSupported(conditional)).toThrow(
      new TemplateError(
        'Resources.Topic: the Condition IsProd is not supported by the local runner, which creates every resource (infra/local/template/intrinsics.ts)',
      ),
    );
    const metadata = withResource('CDKMetadata', {
      Type: 'AWS::CDK::Metadata',
      Condition: 'CDKMetadataAvailable',
      Properties: { Analytics: 'v2:deflate64:abc' },
    });
    expect(() => assertSupported(metadata)).not.toThrow();
  });
});

describe('resolveSecretReference', () => {
  const secrets: Record<string, string> = { originVerify: 'abc123' };
  it('reads a secret dynamic reference from the local secret file, as CloudFormation does at deploy', () => {
    const value =
      '{{resolve:secretsmanager:arn:aws:secretsmanager:us-east-1:000000000000:secret:Origin-x1:SecretString:originVerify::}}';
    expect(resolveSecretReference(value, (k) => secrets[k])).toBe('abc123');
  });
  it('leaves any other value alone, and refuses a reference the file cannot answer', () => {
    expect(resolveSecretReference('https://x', (k) => secrets[k])).toBe('https://x');
    expect(() =>
      resolveSecretReference('{{resolve:secretsmanager:arn:x:SecretString:missing::}}', (k) => secrets[k]),
    ).toThrow(TemplateError);
  });
});
