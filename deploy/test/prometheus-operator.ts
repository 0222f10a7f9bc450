/**
 * Structural checks for the two Prometheus Operator kinds Kassa renders (ServiceMonitor from charts/kassa,
 * PrometheusRule in deploy/monitoring). They are CRDs, so kubernetes-models has no schema for them: this is the
 * subset of monitoring.coreos.com/v1 that Kassa uses, strict about unknown keys and value types, so that a typo
 * (`endpoint:` for `endpoints:`, `for: 10 minutes`) fails a test instead of an apply.
 */

type Shape =
  | { type: 'string'; pattern?: RegExp; oneOf?: readonly string[] }
  | { type: 'boolean' }
  | { type: 'integer' }
  | { type: 'stringOrInteger' }
  | { type: 'array'; items: Shape; minItems?: number }
  | { type: 'map'; values: Shape }
  | { type: 'object'; properties: Record<string, Shape>; required?: readonly string[] };

/** Prometheus durations: 30s, 5m, 1h30m. */
const duration: Shape = { type: 'string', pattern: /^(\d+(ms|s|m|h|d|w|y))+$/ };
const name: Shape = { type: 'string', pattern: /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/ };
const labelName: Shape = { type: 'string', pattern: /^[a-zA-Z_][a-zA-Z0-9_]*$/ };
const stringMap: Shape = { type: 'map', values: { type: 'string' } };
const object = (properties: Record<string, Shape>, required: readonly string[] = []): Shape => ({
  type: 'object',
  properties,
  required,
});
const array = (items: Shape, minItems = 0): Shape => ({ type: 'array', items, minItems });

const metadata = object({ name, namespace: name, labels: stringMap, annotations: stringMap }, ['name']);
const labelSelector = object({
  matchLabels: stringMap,
  matchExpressions: array(
    object(
      {
        key: { type: 'string' },
        operator: { type: 'string', oneOf: ['In', 'NotIn', 'Exists', 'DoesNotExist'] },
        values: array({ type: 'string' }),
      },
      ['key', 'operator'],
    ),
  ),
});
const relabeling = object({
  sourceLabels: array(labelName),
  separator: { type: 'string' },
  targetLabel: { type: 'string' },
  regex: { type: 'string' },
  modulus: { type: 'integer' },
  replacement: { type: 'string' },
  action: {
    type: 'string',
    oneOf: [
      'replace',
      'Replace',
      'keep',
      'Keep',
      'drop',
      'Drop',
      'hashmod',
      'HashMod',
      'labelmap',
      'LabelMap',
      'labeldrop',
      'LabelDrop',
      'labelkeep',
      'LabelKeep',
      'lowercase',
      'Lowercase',
      'uppercase',
      'Uppercase',
      'keepequal',
      'KeepEqual',
      'dropequal',
      'DropEqual',
    ],
  },
});

const serviceMonitor = object(
  {
    apiVersion: { type: 'string', oneOf: ['monitoring.coreos.com/v1'] },
    kind: { type: 'string', oneOf: ['ServiceMonitor'] },
    metadata,
    spec: object(
      {
        jobLabel: { type: 'string' },
        targetLabels: array({ type: 'string' }),
        podTargetLabels: array({ type: 'string' }),
        selector: labelSelector,
        namespaceSelector: object({ any: { type: 'boolean' }, matchNames: array(name) }),
        endpoints: array(
          object({
            port: { type: 'string' },
            targetPort: { type: 'stringOrInteger' },
            path: { type: 'string', pattern: /^\// },
            scheme: { type: 'string', oneOf: ['http', 'https'] },
            interval: duration,
            scrapeTimeout: duration,
            honorLabels: { type: 'boolean' },
            relabelings: array(relabeling),
            metricRelabelings: array(relabeling),
          }),
          1,
        ),
      },
      ['selector', 'endpoints'],
    ),
  },
  ['apiVersion', 'kind', 'metadata', 'spec'],
);

const rule = object(
  {
    alert: { type: 'string', pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ },
    record: { type: 'string', pattern: /^[a-zA-Z_:][a-zA-Z0-9_:]*$/ },
    expr: { type: 'stringOrInteger' },
    for: duration,
    keep_firing_for: duration,
    labels: stringMap,
    annotations: stringMap,
  },
  ['expr'],
);

const prometheusRule = object(
  {
    apiVersion: { type: 'string', oneOf: ['monitoring.coreos.com/v1'] },
    kind: { type: 'string', oneOf: ['PrometheusRule'] },
    metadata,
    spec: object(
      {
        groups: array(
          object({ name: { type: 'string' }, interval: duration, rules: array(rule, 1) }, ['name', 'rules']),
          1,
        ),
      },
      ['groups'],
    ),
  },
  ['apiVersion', 'kind', 'metadata', 'spec'],
);

function check(value: unknown, shape: Shape, at: string): string[] {
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  switch (shape.type) {
    case 'string':
      if (typeof value !== 'string') return [`${at}: want a string`];
      if (shape.pattern && !shape.pattern.test(value)) return [`${at}: "${value}" does not match ${shape.pattern}`];
      if (shape.oneOf && !shape.oneOf.includes(value))
        return [`${at}: "${value}" is not one of ${shape.oneOf.join(', ')}`];
      return [];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at}: want a boolean`];
    case 'integer':
      return Number.isInteger(value) ? [] : [`${at}: want an integer`];
    case 'stringOrInteger':
      return typeof value === 'string' || Number.isInteger(value) ? [] : [`${at}: want a string or an integer`];
    case 'array':
      if (!Array.isArray(value)) return [`${at}: want a list`];
      return [
        ...(value.length < (shape.minItems ?? 0) ? [`${at}: want at least ${shape.minItems} item(s)`] : []),
        ...value.flatMap((item, index) => check(item, shape.items, `${at}[${index}]`)),
      ];
    case 'map':
      if (!isObject) return [`${at}: want a map`];
      return Object.entries(value).flatMap(([key, item]) => check(item, shape.values, `${at}.${key}`));
    case 'object': {
      if (!isObject) return [`${at}: want an object`];
      const entries = Object.entries(value);
      return [
        ...(shape.required ?? []).filter((key) => !(key in value)).map((key) => `${at}.${key}: required`),
        ...entries.flatMap(([key, item]) => {
          const property = shape.properties[key];
          return property ? check(item, property, `${at}.${key}`) : [`${at}.${key}: unknown field`];
        }),
      ];
    }
  }
}

/** Problems of a rendered ServiceMonitor; empty when it has the structure Kassa relies on. */
export function serviceMonitorProblems(value: unknown): string[] {
  return check(value, serviceMonitor, 'ServiceMonitor');
}

/** Problems of a PrometheusRule; empty when it has the structure Kassa relies on. */
export function prometheusRuleProblems(value: unknown): string[] {
  const problems = check(value, prometheusRule, 'PrometheusRule');
  const groups = (value as { spec?: { groups?: { rules?: Record<string, unknown>[] }[] } })?.spec?.groups ?? [];
  groups.forEach((group, groupIndex) =>
    (group.rules ?? []).forEach((entry, ruleIndex) => {
      if ('alert' in entry === 'record' in entry)
        problems.push(`PrometheusRule.spec.groups[${groupIndex}].rules[${ruleIndex}]: exactly one of alert and record`);
      if ('record' in entry && 'for' in entry)
        problems.push(`PrometheusRule.spec.groups[${groupIndex}].rules[${ruleIndex}]: a recording rule has no for`);
    }),
  );
  return problems;
}

/** Whether the (), [] and {} of a PromQL expression pair up, outside string literals. */
export function bracketsBalanced(expr: string): boolean {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const stack: string[] = [];
  for (const char of expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')) {
    if (char === '(' || char === '[' || char === '{') stack.push(char);
    else if (char in pairs && stack.pop() !== pairs[char]) return false;
  }
  return stack.length === 0;
}
