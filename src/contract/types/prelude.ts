// The model-independent half of the generated module: type-level Strapi query semantics (which keys a query may
// have, and what answer a query gets). `generate-types.ts` appends the model's half, the `Schemas` registry each of
// these types reads. Kept as text: it is emitted verbatim, never compiled into content-mock itself.

export const PRELUDE = `/** A number, or its decimal text (what a query string carries). */
type Num = number | \`\${number}\`;
/** A boolean, or how a query string spells one. */
type Bool = boolean | 'true' | 'false' | 0 | 1 | '0' | '1';
type OneOrList<T> = T | readonly T[];
/** \`populate[x]=true\`, \`populate[x]=*\`: the attribute with its defaults. */
type Whole = true | 'true' | '*';
type Simplify<T> = { [K in keyof T]: T[K] } & {};

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A node of a \`blocks\` (rich text) value. */
export interface BlockNode {
  type: string;
  [key: string]: unknown;
}

export interface MediaFormat {
  name: string;
  hash: string;
  ext: string;
  mime: string;
  path: string | null;
  width: number | null;
  height: number | null;
  size: number;
  sizeInBytes?: number;
  url: string;
}

/** A file of the media library, as a populated media attribute shows it. */
export interface Media {
  id: number;
  documentId: string;
  name: string;
  alternativeText: string | null;
  caption: string | null;
  focalPoint: { x: number; y: number } | null;
  width: number | null;
  height: number | null;
  formats: { [format: string]: MediaFormat } | null;
  hash: string;
  ext: string | null;
  mime: string;
  size: number;
  url: string;
  previewUrl: string | null;
  provider: string;
  provider_metadata: JsonValue;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

/** Strapi's error envelope (every 4xx and 5xx). */
export interface ErrorResponse {
  data: null;
  error: { status: number; name: string; message: string; details?: { [key: string]: unknown } };
}

/** What the model half declares per content type and component. */
interface Shape {
  /** Selectable attributes and system fields, with the type Strapi answers. */
  scalars: object;
  /** Always in an answer: \`id\` and \`documentId\` (components: \`id\`). */
  base: object;
  /** Filterable attributes: their operator family. */
  ops: { [name: string]: keyof Families };
  rel: { [name: string]: readonly [keyof Schemas, 'one' | 'many'] };
  media: { [name: string]: 'one' | 'many' };
  comp: { [name: string]: readonly [keyof Schemas, 'one' | 'many'] };
  dz: { [name: string]: keyof Schemas };
  input: object;
}
type Sch<U> = U extends keyof Schemas ? Schemas[U] : never;

// ---- queries ----

type Field<S extends Shape> = keyof S['scalars'] & string;
type Split<T extends string> = T extends \`\${infer H},\${infer R}\` ? H | Split<R> : T;
type Items<F> = F extends readonly (infer X)[] ? (X extends string ? Split<X> : never) : F extends string ? Split<F> : never;
type FieldsParam<S extends Shape> = '*' | Field<S> | \`\${Field<S>},\${string}\` | readonly Field<S>[];

type Dir = 'asc' | 'desc' | 'ASC' | 'DESC';
type SortPath<S extends Shape> = Field<S> | \`\${keyof S['rel'] & string}.\${string}\`;
type SortTerm<S extends Shape> = SortPath<S> | \`\${SortPath<S>}:\${Dir}\`;
type SortObject<S extends Shape> = { [F in Field<S>]?: Dir };
type SortParam<S extends Shape> = SortTerm<S> | \`\${SortTerm<S>},\${string}\` | SortObject<S> | readonly (SortTerm<S> | SortObject<S>)[];

type Compare = '$eq' | '$ne' | '$lt' | '$lte' | '$gt' | '$gte';
type TextMatch =
  | '$eqi' | '$nei' | '$contains' | '$notContains' | '$containsi' | '$notContainsi'
  | '$startsWith' | '$startsWithi' | '$endsWith' | '$endsWithi';
type Ops<T, Names extends string> = { [O in Names]?: T | null } & {
  $in?: OneOrList<T>;
  $notIn?: OneOrList<T>;
  $null?: Bool;
  $notNull?: Bool;
  $not?: T | Ops<T, Names>;
  $or?: readonly Ops<T, Names>[];
  $and?: readonly Ops<T, Names>[];
};
/** The operators each kind of attribute takes, and the value type they compare with. */
interface Families {
  string: string | Ops<string, Compare | TextMatch> & { $between?: readonly string[] };
  number: Num | Ops<Num, Compare> & { $between?: readonly Num[] };
  date: string | Ops<string, Compare> & { $between?: readonly string[] };
  boolean: Bool | Ops<Bool, '$eq' | '$ne'>;
  json: Ops<JsonValue, '$eq' | '$ne' | '$contains' | '$notContains'>;
}
type MediaFilters = { $null?: Bool; $notNull?: Bool; id?: Families['number']; documentId?: Families['string'] };
type Filters<S extends Shape> = { [K in keyof S['ops']]?: Families[S['ops'][K]] } & {
  [K in keyof S['rel']]?: Filters<Sch<S['rel'][K][0]>> & { $null?: Bool; $notNull?: Bool };
} & { [K in keyof S['comp']]?: Filters<Sch<S['comp'][K][0]>> } & { [K in keyof S['media']]?: MediaFilters } & {
  $and?: readonly Filters<S>[];
  $or?: readonly Filters<S>[];
  $not?: Filters<S>;
};

type PopKey<S extends Shape> = (keyof S['rel'] | keyof S['media'] | keyof S['comp'] | keyof S['dz']) & string;
type PopText<S extends Shape> = PopKey<S> | \`\${PopKey<S>}.\${string}\` | \`\${PopKey<S>},\${string}\`;
type ComponentQuery<C extends Shape> = { fields?: FieldsParam<C>; populate?: Populate<C> };
type PopValue<S extends Shape, K> = K extends keyof S['rel']
  ? Whole | (NestedQuery<Sch<S['rel'][K][0]>> & { count?: Bool })
  : K extends keyof S['media']
    ? Whole | { fields?: FieldsParam<{ scalars: Media } & Shape> }
    : K extends keyof S['comp']
      ? Whole | ComponentQuery<Sch<S['comp'][K][0]>>
      : K extends keyof S['dz']
        ? Whole | { on?: { [U in S['dz'][K]]?: Whole | ComponentQuery<Sch<U>> }; populate?: '*' }
        : never;
type Populate<S extends Shape> = '*' | PopText<S> | readonly PopText<S>[] | { [K in PopKey<S>]?: PopValue<S, K> };
type NestedQuery<S extends Shape> = { fields?: FieldsParam<S>; sort?: SortParam<S>; filters?: Filters<S>; populate?: Populate<S> };

/** Page or offset style, never both (Strapi answers 400 to a mix). */
type Pagination =
  | { page?: Num; pageSize?: Num; withCount?: Bool; start?: never; limit?: never }
  | { start?: Num; limit?: Num; withCount?: Bool; page?: never; pageSize?: never };
type CollectionQuery<S extends Shape> = NestedQuery<S> & {
  pagination?: Pagination;
  locale?: string;
  status?: 'draft' | 'published';
  /** Full-text search over the string attributes. */
  _q?: string;
  /** Strapi 5.x's draft/published cohorts (with \`status\`). */
  publicationFilter?:
    | 'never-published' | 'has-published-version' | 'modified' | 'unmodified' | 'never-published-document'
    | 'has-published-version-document' | 'published-without-draft' | 'published-with-draft';
};
type SingleQuery<S extends Shape> = { fields?: FieldsParam<S>; populate?: Populate<S>; locale?: string; status?: 'draft' | 'published' };

// ---- answers ----

type Sub<V> = V extends object ? V : {};
type Head<T extends string> = T extends \`\${infer H}.\${string}\` ? H : T;
/** Populate given as text or a list, as the object it stands for (\`'seo.links'\` is \`{ seo: { populate: 'links' } }\`). */
type PopItems<I extends string> = { [K in I as Head<K>]: K extends \`\${string}.\${infer R}\` ? { populate: R } : true };
type PopObject<P> = P extends string ? PopItems<Split<P>> : P extends readonly (infer X)[] ? PopItems<Items<X>> : P;

type Selected<S extends Shape, Q> = Q extends { fields: infer F }
  ? F extends '*'
    ? S['scalars']
    : Pick<S['scalars'], Items<F> & keyof S['scalars']>
  : S['scalars'];
type Populated<S extends Shape, Q> = Q extends { populate: infer P }
  ? P extends '*'
    ? { [K in PopKey<S>]: Out<S, K, true> }
    : { [K in keyof PopObject<P> & PopKey<S>]: Out<S, K, PopObject<P>[K]> }
  : {};
type MediaOut<V> = V extends { fields: infer F } ? Pick<Media, (Items<F> | 'id' | 'documentId') & keyof Media> : Media;
type ZoneOut<U, V> = U extends keyof Schemas
  ? Simplify<{ __component: U } & EntryOf<Schemas[U], V extends { on: infer O } ? (U extends keyof O ? Sub<O[U]> : {}) : V>>
  : never;
type Out<S extends Shape, K, V> = K extends keyof S['rel']
  ? V extends { count: true | 'true' | 1 | '1' }
    ? { count: number }
    : S['rel'][K][1] extends 'many'
      ? EntryOf<Sch<S['rel'][K][0]>, Sub<V>>[]
      : EntryOf<Sch<S['rel'][K][0]>, Sub<V>> | null
  : K extends keyof S['media']
    ? S['media'][K] extends 'many'
      ? MediaOut<Sub<V>>[] | null
      : MediaOut<Sub<V>> | null
    : K extends keyof S['comp']
      ? S['comp'][K][1] extends 'many'
        ? EntryOf<Sch<S['comp'][K][0]>, Sub<V>>[]
        : EntryOf<Sch<S['comp'][K][0]>, Sub<V>> | null
      : K extends keyof S['dz']
        ? ZoneOut<S['dz'][K], Sub<V>>[]
        : never;
type EntryOf<S extends Shape, Q> = Simplify<S['base'] & Selected<S, Q> & Populated<S, Q>>;

type Counted<P, Shown, Count> = P extends { withCount: false | 'false' | 0 | '0' } ? Shown : Shown & Count;
type PaginationOf<Q> = Q extends { pagination: infer P }
  ? P extends { start: unknown } | { limit: unknown }
    ? Counted<P, { start: number; limit: number }, { total: number }>
    : Counted<P, { page: number; pageSize: number }, { pageCount: number; total: number }>
  : { page: number; pageSize: number; pageCount: number; total: number };

// ---- writes ----

/** A relation target: its documentId (with a locale or a position in a connect), or a row id. */
type RelationRef =
  | string
  | number
  | {
      documentId?: string;
      id?: number;
      locale?: string;
      status?: 'draft' | 'published';
      position?: { before?: string; after?: string; start?: boolean; end?: boolean };
    };
type RelationOps = { connect?: OneOrList<RelationRef>; disconnect?: OneOrList<RelationRef>; set?: OneOrList<RelationRef> };
type RelationInput<M> = (M extends 'many' ? readonly RelationRef[] : never) | RelationRef | RelationOps | null;
/** Media are set by the ids of library files. */
type MediaInput<M> = (M extends 'many' ? readonly number[] : never) | number | null;
type ComponentInput<U> = Sch<U>['input'] & { id?: number };
type ZoneInput<U> = U extends keyof Schemas ? { __component: U } & ComponentInput<U> : never;

// ---- per content type ----

/** Collection types by plural API id, single types by singular API id. */
export type ApiId = keyof CollectionTypes | keyof SingleTypes;
type SchemaOf<K extends ApiId> = K extends keyof CollectionTypes ? Sch<CollectionTypes[K]> : K extends keyof SingleTypes ? Sch<SingleTypes[K]> : never;

/** A valid query object for \`K\` (use with \`as const satisfies Query<'…'>\`, then \`qs.stringify\`). */
export type Query<K extends ApiId> = K extends keyof CollectionTypes ? CollectionQuery<SchemaOf<K>> : SingleQuery<SchemaOf<K>>;
/** An entry as an answer to query \`Q\` shows it: selected fields, populated keys only. */
export type EntryFor<K extends ApiId, Q = {}> = EntryOf<SchemaOf<K>, Q>;
/** An entry with no query: every field, nothing populated. */
export type Entry<K extends ApiId> = EntryOf<SchemaOf<K>, {}>;
/** \`GET /api/<plural>\`: the list answer for query \`Q\`. */
export type ListResponse<K extends keyof CollectionTypes, Q = {}> = {
  data: EntryOf<SchemaOf<K>, Q>[];
  meta: { pagination: PaginationOf<Q> };
};
/** \`GET /api/<plural>/:documentId\`, a single type's \`GET\`, and write answers. */
export type EntryResponse<K extends ApiId, Q = {}> = { data: EntryOf<SchemaOf<K>, Q>; meta: {} };
/** The \`data\` of a \`POST\` body (relations by documentId, connect/disconnect/set; media by file id). */
export type CreateInput<K extends ApiId> = SchemaOf<K>['input'];
/** The \`data\` of a \`PUT\` body: any part of the create input. */
export type UpdateInput<K extends ApiId> = Partial<CreateInput<K>>;
`;
