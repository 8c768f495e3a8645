/**
 * The IAM statements of a table capability (shared/table-access.ts): the capability's actions on the table,
 * or Query on one index, each bounded by a `dynamodb:LeadingKeys` condition naming exactly its partitions.
 * ForAllValues:StringLike: every key a request names (each item of a batch or a transaction) must match.
 */
import * as iam from 'aws-cdk-lib/aws-iam';
import { TABLE_INDEXES } from '../shared/runtime-env.js';
import type { TableCapability } from '../shared/table-access.js';
import { INDEX_PARTITIONS, leadingKeyPattern, TABLE_PARTITIONS } from '../shared/table-keys.js';

export const LEADING_KEYS_CONDITION = 'ForAllValues:StringLike';

/** The `dynamodb:LeadingKeys` patterns a capability allows. */
export function leadingKeyPatterns(capability: TableCapability): string[] {
  const values =
    'index' in capability
      ? capability.partitions.map(
          (p) => (INDEX_PARTITIONS[capability.index] as Record<string, string>)[p as string],
        )
      : capability.partitions.map((p) => TABLE_PARTITIONS[p]);
  return [...new Set(values.map(leadingKeyPattern))].sort();
}

export function tableStatement(tableArn: string, capability: TableCapability): iam.PolicyStatement {
  if (capability.partitions.length === 0) throw new Error('A table capability names at least one partition');
  const isQuery = 'index' in capability;
  if (!isQuery && capability.table.length === 0) throw new Error('A table capability names its actions');
  return new iam.PolicyStatement({
    actions: isQuery ? ['dynamodb:Query'] : [...new Set(capability.table)].sort().map((a) => `dynamodb:${a}`),
    resources: [isQuery ? `${tableArn}/index/${TABLE_INDEXES[capability.index].name}` : tableArn],
    conditions: { [LEADING_KEYS_CONDITION]: { 'dynamodb:LeadingKeys': leadingKeyPatterns(capability) } },
  });
}
