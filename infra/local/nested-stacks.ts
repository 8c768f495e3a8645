/**
 * Nested stacks (`AWS::CloudFormation::Stack`) read into their parent, as CloudFormation runs them: the nested
 * resources join the parent's, a `Ref` to a nested parameter becomes the value the parent passes for it, and the
 * parent's `Fn::GetAtt [Nested, Outputs.X]` becomes that output's value. The runner then reads one template.
 * Pure: the caller loads each nested template.
 */
import {
  type CfnResource,
  type CfnTemplate,
  isRecord,
  type Json,
  TemplateError,
} from './template/intrinsics.js';

const NESTED_STACK = 'AWS::CloudFormation::Stack';

/** Loads the template a nested stack resource points at (its `TemplateURL`). */
export type NestedTemplateLoader = (logicalId: string, resource: CfnResource) => CfnTemplate;

/** Maps every value of a JSON tree bottom-up; `visit` returns undefined to keep a node as it is. */
function mapJson(value: Json, visit: (node: Record<string, Json>) => Json | undefined): Json {
  if (Array.isArray(value)) return value.map((item) => mapJson(item, visit));
  if (!isRecord(value)) return value;
  const replaced = visit(value);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapJson(item, visit)]));
}

/** The nested template with its parameters replaced by what the parent passes (in the parent's terms). */
function bindParameters(child: CfnTemplate, passed: Record<string, Json>, where: string): CfnTemplate {
  const values: Record<string, Json> = {};
  for (const [name, declared] of Object.entries(child.Parameters ?? {})) {
    const value = passed[name] ?? declared.Default;
    if (value === undefined) throw new TemplateError(`${where}: nested parameter ${name} has no value`);
    values[name] = value;
  }
  const bound = mapJson(child, (node) => {
    if (typeof node.Ref === 'string' && Object.keys(node).length === 1 && node.Ref in values) {
      return values[node.Ref];
    }
    const sub = node['Fn::Sub'];
    const text = Array.isArray(sub) ? sub[0] : sub;
    if (typeof text === 'string') {
      const used = Object.keys(values).find((name) => text.includes(`\${${name}}`));
      if (used) throw new TemplateError(`${where}: Fn::Sub over nested parameter ${used} is not supported`);
    }
    return undefined;
  }) as CfnTemplate;
  return { ...bound, Parameters: undefined };
}

export function flattenNestedStacks(template: CfnTemplate, load: NestedTemplateLoader): CfnTemplate {
  const resources: Record<string, CfnResource> = {};
  const outputs: Record<string, Record<string, Json>> = {};
  const nested = Object.entries(template.Resources ?? {}).filter(([, r]) => r.Type === NESTED_STACK);
  for (const [id, resource] of Object.entries(template.Resources ?? {})) {
    if (resource.Type !== NESTED_STACK) resources[id] = resource;
  }
  for (const [id, resource] of nested) {
    const where = `nested stack ${id}`;
    const passed = resource.Properties?.Parameters;
    const child = bindParameters(
      flattenNestedStacks(load(id, resource), load),
      isRecord(passed) ? passed : {},
      where,
    );
    for (const [childId, childResource] of Object.entries(child.Resources ?? {})) {
      if (childId in resources || childId in template.Resources) {
        throw new TemplateError(`${where}: logical id ${childId} is also used by its parent`);
      }
      resources[childId] = childResource;
    }
    outputs[id] = Object.fromEntries(
      Object.entries(child.Outputs ?? {}).map(([name, output]) => [name, output.Value]),
    );
  }
  if (nested.length === 0) return template;

  const outputOf = (target: Json, where: string): Json | undefined => {
    const [id, attribute] = Array.isArray(target)
      ? [String(target[0]), String(target[1])]
      : String(target).split(/\.(.*)/s);
    if (!(id in outputs)) return undefined;
    const name = attribute?.startsWith('Outputs.') ? attribute.slice('Outputs.'.length) : undefined;
    const value = name === undefined ? undefined : outputs[id][name];
    if (value === undefined) throw new TemplateError(`${where}: nested stack ${id} has no ${attribute}`);
    return value;
  };
  const nestedIds = new Set(Object.keys(outputs));
  const resolveOutputs = (value: Json, where: string): Json =>
    mapJson(value, (node) => {
      if ('Fn::GetAtt' in node && Object.keys(node).length === 1) return outputOf(node['Fn::GetAtt'], where);
      if (typeof node.Ref === 'string' && nestedIds.has(node.Ref)) {
        throw new TemplateError(`${where}: a Ref to nested stack ${node.Ref} is not supported locally`);
      }
      return undefined;
    });

  const flat: Record<string, CfnResource> = {};
  for (const [id, resource] of Object.entries(resources)) {
    const resolved = resolveOutputs(resource, `resource ${id}`) as CfnResource & { DependsOn?: Json };
    // Ordering on a nested stack means ordering on its resources, which all exist locally at once.
    if (Array.isArray(resolved.DependsOn)) {
      resolved.DependsOn = resolved.DependsOn.filter((dep) => !nestedIds.has(String(dep)));
    } else if (typeof resolved.DependsOn === 'string' && nestedIds.has(resolved.DependsOn)) {
      delete resolved.DependsOn;
    }
    flat[id] = resolved;
  }
  return {
    ...template,
    Resources: flat,
    Outputs: resolveOutputs(template.Outputs ?? {}, 'Outputs') as CfnTemplate['Outputs'],
  };
}
