// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Fn::Sub strings are CloudFormation's, not template literals
import { flattenNestedStacks } from '../../infra/local/nested-stacks';
import type { CfnTemplate } from '../../infra/local/template/intrinsics';

/** Trimmed from what the CDK app synthesizes: the API in the parent, a route's function in a nested stack. */
const child: CfnTemplate = {
  Parameters: {
    referencetoTableArn: { Type: 'String' },
    referencetoApiRef: { Type: 'String' },
    WithDefault: { Type: 'String', Default: 'fallback' },
  },
  Resources: {
    getSettingsFunction: {
      Type: 'AWS::Lambda::Function',
      Properties: {
        Environment: { Variables: { TABLE: { Ref: 'referencetoTableArn' }, OTHER: { Ref: 'WithDefault' } } },
        Region: { Ref: 'AWS::Region' },
      },
    },
    getSettingsRoute: {
      Type: 'AWS::ApiGatewayV2::Route',
      Properties: {
        ApiId: { Ref: 'referencetoApiRef' },
        Target: { 'Fn::GetAtt': ['getSettingsFunction', 'Arn'] },
      },
    },
  },
  Outputs: { FunctionRef: { Value: { Ref: 'getSettingsFunction' } } },
};

const parent: CfnTemplate = {
  Resources: {
    Table: { Type: 'AWS::DynamoDB::Table' },
    HttpApi: { Type: 'AWS::ApiGatewayV2::Api' },
    Routes: {
      Type: 'AWS::CloudFormation::Stack',
      Properties: {
        TemplateURL: 'https://s3/assets/abc.json',
        Parameters: {
          referencetoTableArn: { 'Fn::GetAtt': ['Table', 'Arn'] },
          referencetoApiRef: { Ref: 'HttpApi' },
        },
      },
    },
    Alarm: {
      Type: 'AWS::CloudWatch::Alarm',
      DependsOn: ['Routes', 'Table'],
      Properties: { Dimensions: [{ Value: { 'Fn::GetAtt': ['Routes', 'Outputs.FunctionRef'] } }] },
    } as CfnTemplate['Resources'][string],
  },
};

test('nested resources join the parent, with parameters and outputs resolved in the parent', () => {
  const loaded: string[] = [];
  const flat = flattenNestedStacks(parent, (id, resource) => {
    loaded.push(`${id} ${String(resource.Properties?.TemplateURL)}`);
    return child;
  });
  expect(loaded).toEqual(['Routes https://s3/assets/abc.json']);
  expect(Object.keys(flat.Resources).sort()).toEqual([
    'Alarm',
    'HttpApi',
    'Table',
    'getSettingsFunction',
    'getSettingsRoute',
  ]);
  expect(flat.Resources.getSettingsFunction.Properties).toEqual({
    Environment: { Variables: { TABLE: { 'Fn::GetAtt': ['Table', 'Arn'] }, OTHER: 'fallback' } },
    Region: { Ref: 'AWS::Region' },
  });
  expect(flat.Resources.getSettingsRoute.Properties?.ApiId).toEqual({ Ref: 'HttpApi' });
  expect(flat.Resources.Alarm).toEqual({
    Type: 'AWS::CloudWatch::Alarm',
    DependsOn: ['Table'],
    Properties: { Dimensions: [{ Value: { Ref: 'getSettingsFunction' } }] },
  });
});

test('a template without nested stacks is returned as it is', () => {
  const plain: CfnTemplate = { Resources: { Table: { Type: 'AWS::DynamoDB::Table' } } };
  expect(flattenNestedStacks(plain, () => child)).toBe(plain);
});

test('what cannot be read faithfully fails with a message naming it', () => {
  const load = () => child;
  const clash = { Resources: { ...parent.Resources, getSettingsRoute: { Type: 'AWS::SNS::Topic' } } };
  expect(() => flattenNestedStacks(clash, load)).toThrow(
    'nested stack Routes: logical id getSettingsRoute is also used by its parent',
  );
  const missingParameter = {
    Resources: { Routes: { Type: 'AWS::CloudFormation::Stack', Properties: { Parameters: {} } } },
  };
  expect(() => flattenNestedStacks(missingParameter, load)).toThrow(
    'nested stack Routes: nested parameter referencetoTableArn has no value',
  );
  const unknownOutput = {
    Resources: {
      ...parent.Resources,
      Alarm: {
        Type: 'AWS::CloudWatch::Alarm',
        Properties: { X: { 'Fn::GetAtt': ['Routes', 'Outputs.Nope'] } },
      },
    },
  };
  expect(() => flattenNestedStacks(unknownOutput, load)).toThrow(
    'resource Alarm: nested stack Routes has no Outputs.Nope',
  );
  const subOverParameter: CfnTemplate = {
    ...child,
    Resources: {
      X: { Type: 'AWS::SNS::Topic', Properties: { Name: { 'Fn::Sub': 'x-${referencetoApiRef}' } } },
    },
  };
  expect(() => flattenNestedStacks(parent, () => subOverParameter)).toThrow(
    'Fn::Sub over nested parameter referencetoApiRef is not supported',
  );
});
