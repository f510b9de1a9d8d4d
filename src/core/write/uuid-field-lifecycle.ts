import { ValidationError } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';
import type { ContentType, ScalarAttribute } from '../model/types.js';
import { patternValue } from '../model/pattern-value.js';

// strapi-advanced-uuid's custom field (served as a uid) fills and checks its values in database lifecycles of its own
// (beforeCreate / beforeUpdate on every content type holding one): a value the write gives must match the field's
// `uuid-format` pattern (whole, case-insensitive) or, without one, be a UUID as the `uuid` package (v11) validates
// it. Its error is the plugin's own copy of Strapi's YupValidationError, which Strapi's error handling does not
// recognise: a 500 there, a 400 here (the house rule), with the plugin's details.

const PLUGIN_FIELD = 'plugin::strapi-advanced-uuid.uuid';
const UUID =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

function valid(format: unknown, value: unknown): boolean {
  if (typeof format === 'string' && format !== '') {
    try {
      return new RegExp(`^${format}$`, 'i').test(String(value));
    } catch {
      // the plugin's own `new RegExp` throws too: that write fails in Strapi with another error; none is made up here
      return true;
    }
  }
  return UUID.test(String(value));
}

/**
 * The plugin's lifecycle on one row write (`data`: what the write gives, after Strapi's own validation): a field the
 * write leaves empty gets a new value unless `disable-auto-fill` (a v4 UUID, or a string of its `uuid-format`; on
 * every create and update, as the plugin does), and a value given must have the field's form. Returns the values to
 * write over the prepared ones.
 */
export function uuidFieldLifecycle(type: ContentType, data: Record<string, unknown>): Record<string, string> {
  const errors: { path: string[]; message: string; name: string }[] = [];
  const filled: Record<string, string> = {};
  for (const attribute of type.attributes.values()) {
    if (attribute.kind !== 'scalar' || attribute.customField !== PLUGIN_FIELD) continue;
    const options = isPlainObject(attribute.customOptions) ? attribute.customOptions : {};
    const format = options['uuid-format'];
    const given = data[attribute.name];
    if (!given && options['disable-auto-fill'] !== true) {
      const made = generated(attribute, format);
      if (made !== undefined) filled[attribute.name] = made;
      continue;
    }
    if (given && !valid(format, given))
      errors.push({ path: [attribute.name], message: 'The UUID format is invalid.', name: 'ValidationError' });
  }
  if (errors.length > 0)
    throw new ValidationError(
      `The UUID format is invalid at ${errors.map((e) => e.path[0]).join(', ')} (real Strapi fails with a 500 here: "You have some issues", strapi-advanced-uuid's lifecycle)`,
      { errors },
    );
  return filled;
}

function generated(attribute: ScalarAttribute, format: unknown): string | undefined {
  if (typeof format !== 'string' || format === '') return globalThis.crypto.randomUUID();
  const randInt = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
  return patternValue({ ...attribute, regex: format, minLength: undefined, maxLength: undefined }, randInt);
}
