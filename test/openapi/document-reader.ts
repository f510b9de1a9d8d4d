import type { OpenAPIV3_1 } from 'openapi-types';

// Readers for a generated document, so tests say what they look for instead of how to dig for it.

export type Schema = Record<string, unknown>;

export function documentReader(doc: OpenAPIV3_1.Document) {
  const schema = (name: string): Schema => {
    const s = doc.components?.schemas?.[name];
    if (s === undefined) throw new Error(`no schema ${name}`);
    return s as Schema;
  };
  const props = (name: string): Record<string, Schema> => schema(name).properties as Record<string, Schema>;
  const op = (path: string, method: 'get' | 'post' | 'put' | 'delete'): OpenAPIV3_1.OperationObject => {
    const item = doc.paths?.[path] as Record<string, OpenAPIV3_1.OperationObject> | undefined;
    const o = item?.[method];
    if (o === undefined) throw new Error(`no ${method} ${path}`);
    return o;
  };
  const paramNames = (o: OpenAPIV3_1.OperationObject): string[] =>
    (o.parameters ?? []).map((p) => ('$ref' in p ? p.$ref.split('/').pop() ?? '' : p.name));
  const param = (o: OpenAPIV3_1.OperationObject, name: string): OpenAPIV3_1.ParameterObject => {
    const p = (o.parameters ?? []).find((x): x is OpenAPIV3_1.ParameterObject => !('$ref' in x) && x.name === name);
    if (p === undefined) throw new Error(`no parameter ${name}`);
    return p;
  };
  return { schema, props, op, paramNames, param };
}
