import { isPlainObject } from '../../core/is-plain-object.js';
import type { PushAnswer, PushClient } from './push-client.js';

/**
 * One create/update. When the target refuses a single field (a seed value outside a regex the generator ignored, a
 * link to a locale row the target does not have), the field or link is dropped with a warning and the write retried,
 * so one bad value does not lose a whole document.
 */
export async function writeDocument(
  client: PushClient,
  method: 'POST' | 'PUT',
  path: string,
  data: Record<string, unknown>,
  what: string,
  warn: (line: string) => void,
): Promise<PushAnswer> {
  let body = data;
  let answer: PushAnswer = { status: 0, body: null };
  for (let attempt = 0; attempt < 12; attempt++) {
    answer = await client.json(method, path, body);
    if (answer.status < 300) return answer;
    const error = isPlainObject(answer.body) && isPlainObject(answer.body.error) ? answer.body.error : {};
    const message = typeof error.message === 'string' ? error.message : '';
    const missing = /Document with id "([^"]+)", locale "([^"]+)" not found/.exec(message);
    if (answer.status === 400 && missing) {
      warn(`${what}: link to ${missing[1]} (${missing[2]}) refused, left out`);
      body = dropLink(body, missing[1], missing[2]) as Record<string, unknown>;
      continue;
    }
    const details = isPlainObject(error.details) && Array.isArray(error.details.errors) ? error.details.errors : [];
    const first = isPlainObject(details[0]) ? details[0] : {};
    const field = Array.isArray(first.path) ? first.path[0] : undefined;
    if (answer.status === 400 && typeof field === 'string' && field in body) {
      warn(`${what}: ${field}: ${String(first.message)}, left out`);
      body = { ...body };
      delete body[field];
      continue;
    }
    warn(`${what}: ${answer.status} ${message || JSON.stringify(answer.body).slice(0, 200)}`);
    return answer;
  }
  return answer;
}

function dropLink(v: unknown, documentId: string, locale: string): unknown {
  if (Array.isArray(v)) {
    return v
      .filter((x) => !(isPlainObject(x) && x.documentId === documentId && (x.locale ?? locale) === locale))
      .map((x) => dropLink(x, documentId, locale));
  }
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, dropLink(x, documentId, locale)]));
  return v;
}
