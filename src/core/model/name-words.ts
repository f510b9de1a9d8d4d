/**
 * The words of a name as lodash's `words` splits an ASCII one (what Strapi's camelCase, kebabCase and upperFirst
 * names go through): on non-alphanumerics, on a change from lower case or digit to upper case, before the last
 * capital of a run followed by lower case (`HTMLPage` is `HTML Page`), and between letters and digits.
 */
export function nameWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+|(?<=[0-9])(?=[A-Za-z])|(?<=[A-Za-z])(?=[0-9])/)
    .filter(Boolean);
}

/**
 * The name Strapi's loaders key an API folder, a content-type folder and a route, controller, service, policy or
 * middleware file by (core's loaders/apis normalizeName): kept when already kebab-case (so `v2-api` and `page2`
 * keep their digits), else lodash's kebabCase of it (`apiHome` is `api-home`).
 */
export function strapiLoaderName(name: string): string {
  if (/^([a-z][a-z0-9]*)(-[a-z0-9]+)*$/.test(name)) return name;
  return nameWords(name)
    .map((w) => w.toLowerCase())
    .join('-');
}
