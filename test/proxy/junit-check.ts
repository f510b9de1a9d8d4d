/**
 * A hand-check of a JUnit report against the Ant JUnit XSD (the schema CI servers read; it requires `errors`):
 * well-formed XML, every `<testsuite>` with name, tests, failures, errors, time, timestamp (ISO 8601 without zone)
 * and hostname, every `<testcase>` with name, classname and time, every `<failure>` with a type, and `tests` /
 * `failures` / `skipped` equal to the elements written. Returns the problems found (none: it passes).
 */
export function checkJUnit(xml: string): string[] {
  const problems: string[] = [];
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) problems.push('no XML declaration');
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  const tag = /<(\/?)([A-Za-z][\w-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<!--[\s\S]*?-->|([^<]+)|(<)/g;
  const stack: Array<{ name: string; attrs: Record<string, string>; children: string[] }> = [];
  const suites: Array<{ attrs: Record<string, string>; children: string[] }> = [];
  let root: string | undefined;
  for (const m of body.matchAll(tag)) {
    if (m[6]) {
      problems.push(`stray < at ${m.index}`);
      continue;
    }
    if (m[5] !== undefined) {
      if (m[5].trim() !== '' && stack.length === 0) problems.push('text outside the root element');
      if (/&(?!amp;|lt;|gt;|quot;|apos;)/.test(m[5])) problems.push(`unescaped & in text at ${m.index}`);
      continue;
    }
    if (!m[2]) continue;
    const [, closing, name, rawAttrs, selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) problems.push(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      if (open?.name === 'testsuite') suites.push(open);
      continue;
    }
    const attrs = Object.fromEntries([...rawAttrs.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    if (stack.length === 0) {
      if (root !== undefined) problems.push('more than one root element');
      root = name;
    } else stack[stack.length - 1].children.push(name);
    const element = { name, attrs, children: [] as string[] };
    check(element, problems);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) problems.push(`unclosed <${stack.map((s) => s.name).join('>, <')}>`);
  if (root !== 'testsuites') problems.push(`root is <${root}>, not <testsuites>`);
  for (const s of suites) {
    const cases = s.children.filter((c) => c === 'testcase').length;
    if (Number(s.attrs.tests) !== cases) problems.push(`testsuite ${s.attrs.name}: tests="${s.attrs.tests}" but ${cases} <testcase>`);
  }
  return problems;
}

const REQUIRED: Record<string, readonly string[]> = {
  testsuite: ['name', 'tests', 'failures', 'errors', 'time', 'timestamp', 'hostname'],
  testcase: ['name', 'classname', 'time'],
  failure: ['type'],
  property: ['name', 'value'],
};

function check(element: { name: string; attrs: Record<string, string> }, problems: string[]): void {
  for (const a of REQUIRED[element.name] ?? []) {
    if (!(a in element.attrs)) problems.push(`<${element.name} ${element.attrs.name ?? ''}> lacks ${a}`);
  }
  for (const a of ['tests', 'failures', 'errors', 'skipped']) {
    if (a in element.attrs && !/^\d+$/.test(element.attrs[a])) problems.push(`<${element.name}> ${a}="${element.attrs[a]}" is no count`);
  }
  if ('time' in element.attrs && !/^\d+(\.\d+)?$/.test(element.attrs.time)) problems.push(`<${element.name}> time="${element.attrs.time}"`);
  if (element.name === 'testsuite' && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(element.attrs.timestamp ?? ''))
    problems.push(`testsuite timestamp "${element.attrs.timestamp}" is not ISO 8601 without a zone`);
}
