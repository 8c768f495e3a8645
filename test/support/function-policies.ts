/**
 * Every function's role policies, found by walking the CDK construct tree (nested stacks included: each policy
 * is resolved in its own stack, as CloudFormation will see it), and the table ARN as that stack names it.
 */
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import { AppFunction } from '../../infra/constructs/app-function';
import type { BuybackStack } from '../../infra/stack';
import { type PolicyDocument, renderArn } from './iam-policy';

export interface FunctionPolicies {
  key: string;
  policies: PolicyDocument[];
  /** The table's ARN as the role's own stack refers to it (renderArn form). */
  tableArn: string;
}

/** Call after `app.synth()`: cross-stack references are settled then. */
export function functionPolicies(stack: BuybackStack): Map<string, FunctionPolicies> {
  const found = new Map<string, FunctionPolicies>();
  for (const construct of stack.node.findAll() as IConstruct[]) {
    if (!(construct instanceof AppFunction)) continue;
    const roleStack = Stack.of(construct.role);
    const policies = construct.role.node
      .findAll()
      .filter((c): c is iam.Policy => c instanceof iam.Policy)
      .map((p) => roleStack.resolve(p.document) as PolicyDocument);
    if (found.has(construct.functionKey)) throw new Error(`two functions named ${construct.functionKey}`);
    found.set(construct.functionKey, {
      key: construct.functionKey,
      policies,
      tableArn: renderArn(roleStack.resolve(stack.data.table.tableArn)),
    });
  }
  return found;
}
