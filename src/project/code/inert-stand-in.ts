// A stand-in for code the mock only lets run past: every property is another stand-in and every call returns one,
// so `strapi.admin.services.permission.actionProvider.registerMany([])` or an uninstalled package's
// `x.registerLocale(...)` goes through. `record` hears each call with its dotted path (`customFields.register`).

export type CallRecorder = (path: string, args: unknown[]) => void;

export function inertStandIn(record: CallRecorder = () => {}, path = ''): unknown {
  return new Proxy(function () {}, {
    get: (_t, key) => {
      // not a promise, not an ES module namespace (so `import x from` gives the stand-in itself)
      if (key === 'then' || key === '__esModule') return undefined;
      if (key === Symbol.toPrimitive) return () => '';
      if (typeof key === 'symbol') return undefined;
      return inertStandIn(record, path ? `${path}.${key}` : key);
    },
    apply: (_t, _this, args: unknown[]) => {
      record(path, args);
      return inertStandIn(record, `${path}()`);
    },
  });
}
