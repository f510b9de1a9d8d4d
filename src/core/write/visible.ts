import jsonLogic from 'json-logic-js';
import type { Attribute, ScalarAttribute } from '../model/types.js';

/**
 * Whether Strapi's validator checks an attribute of `data` (the object being validated: the body, a component
 * value, or the whole draft on publish): a conditional field whose `conditions.visible` rule does not hold there is
 * skipped whole (entity-validator: `yup.mixed().notRequired()`). A rule JSON Logic cannot run counts as visible.
 */
export function isVisible(attribute: Attribute, data: Record<string, unknown>): boolean {
  if (attribute.visibleWhen === undefined) return true;
  try {
    return Boolean(jsonLogic.apply(attribute.visibleWhen as jsonLogic.RulesLogic, data));
  } catch {
    return true;
  }
}

/**
 * A hidden scalar keeps only its type: the value reaches the database as sent, so a value of the wrong type still
 * fails (there a 500; here the cast's 400), but no bound, pattern or list of values applies. An integer is the
 * database's NumberField, which takes any finite number: 1.5 is stored and read back (harness conditions-907).
 */
export function unchecked(attribute: ScalarAttribute): ScalarAttribute {
  const { min: _min, max: _max, minLength: _minLength, maxLength: _maxLength, regex: _regex, ...rest } = attribute;
  if (attribute.type === 'enumeration') return { ...rest, type: 'string', enum: undefined };
  return attribute.type === 'integer' ? { ...rest, type: 'float' } : rest;
}

const TEXT_COLUMNS = new Set(['string', 'text', 'richtext', 'email', 'enumeration']);

/**
 * What the database's field writes for a hidden field's value of another type. A text field: lodash's toString (an
 * object `[object Object]`, a list its items joined by commas; harness conditions-504: `page: {nested: true}` on a
 * hidden `page` is stored, not refused). A boolean: BooleanField.toDB (`'t'`, `'1'`, 1 true, `'f'`, `'0'`, 0 false,
 * anything else by its truthiness: `"maybe"` is stored as true; probed on Strapi 5.54).
 */
export function storedByDatabase(attribute: ScalarAttribute, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (attribute.type === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (['true', 't', '1', 1].includes(value as string | number)) return true;
    if (['false', 'f', '0', 0].includes(value as string | number)) return false;
    return Boolean(value);
  }
  if (!TEXT_COLUMNS.has(attribute.type) || typeof value === 'string') return value;
  const text = (v: unknown): string => (v === null || v === undefined ? '' : Array.isArray(v) ? v.map(text).join(',') : String(v));
  return text(value);
}
