// Runs in the browser, inside the /docs page: Swagger UI's request interceptor. Swagger UI writes a JSON value typed
// into a query parameter as one string (`filters[title]={"$containsi":"x"}`), which Strapi cannot read; this turns
// every JSON object or array in the query into nested brackets, the way `qs.stringify(query, {encodeValuesOnly:
// true})` writes them (`filters[title][$containsi]=x`, `populate[cover][fields][0]=url`). Plain ES5 text, kept
// here rather than bundled, so the page needs nothing but swagger-ui-dist.
export const REQUEST_BUILDER_SCRIPT = `
(function () {
  function flatten(prefix, value, out) {
    if (Array.isArray(value)) value.forEach(function (v, i) { flatten(prefix + '[' + i + ']', v, out); });
    else if (value !== null && typeof value === 'object')
      Object.keys(value).forEach(function (k) { flatten(prefix + '[' + k + ']', value[k], out); });
    else out.push([prefix, value === null ? '' : String(value)]);
  }
  function decode(text) {
    try { return decodeURIComponent(text.replace(/\\+/g, ' ')); } catch (e) { return text; }
  }
  function qsUrl(url) {
    var q = url.indexOf('?');
    if (q < 0) return url;
    var pairs = [];
    url.slice(q + 1).split('&').forEach(function (part) {
      if (!part) return;
      var eq = part.indexOf('=');
      var key = decode(eq < 0 ? part : part.slice(0, eq));
      var value = eq < 0 ? '' : decode(part.slice(eq + 1));
      var text = value.trim();
      var parsed;
      if (text.charAt(0) === '{' || text.charAt(0) === '[') {
        try { parsed = JSON.parse(text); } catch (e) { parsed = undefined; }
      }
      if (parsed !== null && typeof parsed === 'object') flatten(key, parsed, pairs);
      else pairs.push([key, value]);
    });
    var encodeKey = function (k) { return k.replace(/[%&=#+\\s]/g, encodeURIComponent); };
    return url.slice(0, q) + (pairs.length ? '?' + pairs.map(function (p) { return encodeKey(p[0]) + '=' + encodeURIComponent(p[1]); }).join('&') : '');
  }
  window.contentMockRequest = function (req) {
    req.url = qsUrl(req.url);
    return req;
  };
  window.contentMockQsUrl = qsUrl;
})();
`;
