import { isAllowed, type PolicyDocument, renderArn, wildcardMatch } from '../support/iam-policy';

const TABLE = { 'Fn::GetAtt': ['Table', 'Arn'] };
const tableArn = renderArn(TABLE);
const indexArn = (name: string) => renderArn({ 'Fn::Join': ['', [TABLE, `/index/${name}`]] });

const catalogueReader: PolicyDocument = {
  Statement: [
    {
      Effect: 'Allow',
      Action: ['dynamodb:GetItem'],
      Resource: TABLE,
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['PRODUCT#*', 'SETTINGS'] } },
    },
    {
      Effect: 'Allow',
      Action: 'dynamodb:Query',
      Resource: { 'Fn::Join': ['', [TABLE, '/index/collection']] },
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CATALOGUE'] } },
    },
  ],
};

const get = (key: string, resource = tableArn) => ({
  action: 'dynamodb:GetItem',
  resource,
  context: { 'dynamodb:LeadingKeys': [key] },
});

describe('the test IAM evaluator', () => {
  it('matches IAM wildcards', () => {
    expect(wildcardMatch('PRODUCT#*', 'PRODUCT#abc')).toBe(true);
    expect(wildcardMatch('PRODUCT#*', 'PRODUCTID#1')).toBe(false);
    expect(wildcardMatch('dynamodb:Get*', 'dynamodb:GetItem')).toBe(true);
    expect(wildcardMatch('a?c', 'abc')).toBe(true);
    expect(wildcardMatch('a.c', 'abc')).toBe(false);
  });

  it('allows only the named actions, resources and leading keys; denies by default', () => {
    expect(isAllowed([catalogueReader], get('PRODUCT#1'))).toBe(true);
    expect(isAllowed([catalogueReader], get('SETTINGS'))).toBe(true);
    expect(isAllowed([catalogueReader], get('ORDER#1'))).toBe(false);
    // SETTINGS is a whole key, not a prefix.
    expect(isAllowed([catalogueReader], get('SETTINGSX'))).toBe(false);
    expect(isAllowed([catalogueReader], { ...get('PRODUCT#1'), action: 'dynamodb:PutItem' })).toBe(false);
    expect(isAllowed([catalogueReader], get('PRODUCT#1', indexArn('collection')))).toBe(false);
    expect(isAllowed([], get('PRODUCT#1'))).toBe(false);
  });

  it('checks a Query on an index against that index only', () => {
    const q = (resource: string, key: string) => ({
      action: 'dynamodb:Query',
      resource,
      context: { 'dynamodb:LeadingKeys': [key] },
    });
    expect(isAllowed([catalogueReader], q(indexArn('collection'), 'CATALOGUE'))).toBe(true);
    expect(isAllowed([catalogueReader], q(indexArn('collection'), 'ORDERS'))).toBe(false);
    expect(isAllowed([catalogueReader], q(indexArn('byStatus'), 'CATALOGUE'))).toBe(false);
  });

  it('needs every key of a batch to match (ForAllValues), and lets a keyless request through as IAM does', () => {
    const batch: PolicyDocument = {
      Statement: [
        {
          Effect: 'Allow',
          Action: ['dynamodb:BatchGetItem', 'dynamodb:Scan'],
          Resource: TABLE,
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['PRODUCT#*'] } },
        },
      ],
    };
    const keys = (...k: string[]) => ({
      action: 'dynamodb:BatchGetItem',
      resource: tableArn,
      context: { 'dynamodb:LeadingKeys': k },
    });
    expect(isAllowed([batch], keys('PRODUCT#1', 'PRODUCT#2'))).toBe(true);
    expect(isAllowed([batch], keys('PRODUCT#1', 'ORDER#2'))).toBe(false);
    // Why Scan is never granted beside a LeadingKeys condition: it names no key, so the condition holds.
    expect(isAllowed([batch], { action: 'dynamodb:Scan', resource: tableArn, context: {} })).toBe(true);
  });

  it('lets an explicit Deny win and refuses conditions it does not know', () => {
    const deny: PolicyDocument = {
      Statement: [{ Effect: 'Deny', Action: 'dynamodb:*', Resource: '*' }],
    };
    expect(isAllowed([catalogueReader, deny], get('PRODUCT#1'))).toBe(false);
    const odd: PolicyDocument = {
      Statement: [
        { Effect: 'Allow', Action: '*', Resource: '*', Condition: { NumericLessThan: { x: '1' } } },
      ],
    };
    expect(() => isAllowed([odd], get('PRODUCT#1'))).toThrow(/NumericLessThan/);
  });
});
