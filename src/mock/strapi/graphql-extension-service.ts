// `strapi.plugin('graphql').service('extension')` as project code calls it in `register`: each `use(...)` is kept
// for the schema build (graphql-project-extension.ts resolves it there, as the plugin's `generate` does), and
// `shadowCRUD(uid)` records what the project turns off with the plugin's own manager API.

type Settings = { enabled: boolean; queries: boolean; mutations: boolean; disabledActions: string[]; fields: Map<string, FieldSettings> };
type FieldSettings = { enabled: boolean; output: boolean; input: boolean; filters: boolean };

export interface GraphqlExtensionRecord {
  /** Each `use(configuration)`, in call order: an object or a function of `{ strapi, nexus, typeRegistry }`. */
  readonly configs: unknown[];
  readonly shadowCrud: Map<string, Settings>;
}

export function graphqlExtensionRecord(): GraphqlExtensionRecord {
  return { configs: [], shadowCrud: new Map() };
}

function fieldManager(fields: Map<string, FieldSettings>, name: string): Record<string, unknown> {
  const f = () => {
    let s = fields.get(name);
    if (!s) fields.set(name, (s = { enabled: true, output: true, input: true, filters: true }));
    return s;
  };
  const m: Record<string, unknown> = {
    isEnabled: () => f().enabled,
    hasInputEnabled: () => f().input,
    hasOutputEnabled: () => f().output,
    hasFiltersEnabeld: () => f().filters,
    disable: () => (fields.set(name, { enabled: false, output: false, input: false, filters: false }), m),
    disableOutput: () => ((f().output = false), m),
    disableInput: () => ((f().input = false), m),
    disableFilters: () => ((f().filters = false), m),
  };
  return m;
}

function shadowCrudManager(all: Map<string, Settings>, uid: string): Record<string, unknown> {
  const s = () => {
    let v = all.get(uid);
    if (!v) all.set(uid, (v = { enabled: true, queries: true, mutations: true, disabledActions: [], fields: new Map() }));
    return v;
  };
  const enabled = (action: string) => s().disabledActions.every((a) => a !== action && a !== '*');
  const m: Record<string, unknown> = {
    isEnabled: () => s().enabled,
    isDisabled: () => !s().enabled,
    areQueriesEnabled: () => s().queries,
    areQueriesDisabled: () => !s().queries,
    areMutationsEnabled: () => s().mutations,
    areMutationsDisabled: () => !s().mutations,
    isActionEnabled: (action: string) => enabled(action),
    isActionDisabled: (action: string) => !enabled(action),
    disable: () => ((s().enabled = false), m),
    disableQueries: () => ((s().queries = false), m),
    disableMutations: () => ((s().mutations = false), m),
    disableAction: (action: string) => {
      if (!s().disabledActions.includes(action)) s().disabledActions.push(action);
      return m;
    },
    disableActions: (actions: unknown = []) => {
      for (const a of Array.isArray(actions) ? actions : []) (m.disableAction as (a: string) => unknown)(String(a));
      return m;
    },
    field: (name: string) => fieldManager(s().fields, String(name)),
  };
  return m;
}

export function graphqlExtensionService(record: GraphqlExtensionRecord): Record<string, unknown> {
  const service: Record<string, unknown> = {
    use: (configuration: unknown) => {
      record.configs.push(configuration);
      return service;
    },
    shadowCRUD: (uid: string) => shadowCrudManager(record.shadowCrud, String(uid)),
  };
  return service;
}
