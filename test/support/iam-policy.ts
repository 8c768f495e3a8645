/**
 * A small IAM policy evaluator for tests: identity policies only, deny by default, an explicit Deny wins.
 * It understands what our roles use: Action and Resource lists with `*` and `?` wildcards, and the condition
 * operators ForAllValues:StringLike and StringLike / StringEquals. Any other condition operator is refused
 * (an error, never a silent allow). Resources are compared as text: CloudFormation expressions inside an ARN
 * (a table's `Fn::GetAtt`) are written out by `renderArn` on both sides, so a policy resolved with
 * `Stack.resolve` can be matched against an ARN resolved the same way.
 */

export interface PolicyStatement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string | string[]>>;
}

export interface PolicyDocument {
  Statement: PolicyStatement[];
}

export interface IamRequest {
  /** `dynamodb:GetItem` */
  action: string;
  /** The resource's ARN as `renderArn` writes it. */
  resource: string;
  /** Condition keys of the request; a multi-valued key is an array (`dynamodb:LeadingKeys`). */
  context?: Record<string, string | string[]>;
}

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** IAM's wildcard match: `*` any run of characters, `?` one character. */
export function wildcardMatch(pattern: string, value: string, caseInsensitive = false): boolean {
  const source = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\/-]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, caseInsensitive ? 'i' : '').test(value);
}

/**
 * A resolved CloudFormation value as one string: `Fn::Join` joined, plain strings kept, anything else (a
 * `Fn::GetAtt`, a `Ref`) written as its JSON in braces, which no wildcard of a literal part can forge.
 */
export function renderArn(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'Fn::Join' in value) {
    const [separator, parts] = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    return parts.map(renderArn).join(separator);
  }
  return `{${JSON.stringify(value)}}`;
}

function conditionHolds(condition: PolicyStatement['Condition'], context: IamRequest['context']): boolean {
  for (const [operator, keys] of Object.entries(condition ?? {})) {
    for (const [key, expected] of Object.entries(keys)) {
      const patterns = list(expected);
      const given = list(context?.[key]);
      switch (operator) {
        case 'ForAllValues:StringLike':
          // IAM's rule: every value of the request must match; a request with no value passes (hence Scan,
          // which names no key, must never be granted where a LeadingKeys condition is meant to bound it).
          if (!given.every((v) => patterns.some((p) => wildcardMatch(p, v)))) return false;
          break;
        case 'StringLike':
          if (given.length !== 1 || !patterns.some((p) => wildcardMatch(p, given[0]))) return false;
          break;
        case 'StringEquals':
          if (given.length !== 1 || !patterns.includes(given[0])) return false;
          break;
        default:
          throw new Error(`The test evaluator does not know the condition operator ${operator}`);
      }
    }
  }
  return true;
}

const statementApplies = (statement: PolicyStatement, request: IamRequest): boolean =>
  list(statement.Action).some((a) => wildcardMatch(a, request.action, true)) &&
  list(statement.Resource).some((r) => wildcardMatch(renderArn(r), request.resource)) &&
  conditionHolds(statement.Condition, request.context);

/** Whether the policies allow the request: some Allow applies and no Deny does. */
export function isAllowed(policies: readonly PolicyDocument[], request: IamRequest): boolean {
  const statements = policies.flatMap((p) => list(p.Statement));
  if (statements.some((s) => s.Effect === 'Deny' && statementApplies(s, request))) return false;
  return statements.some((s) => s.Effect === 'Allow' && statementApplies(s, request));
}
