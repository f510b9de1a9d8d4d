// Strapi's filter operators, one closed vocabulary: the query engine (a `Record<FieldOperator, …>`, so a missing
// operator does not compile) and the OpenAPI filter schema both read these tuples.

export const LOGICAL_OPERATORS = ['$and', '$or', '$not'] as const;
/** Comparisons every ordered type has. */
export const COMPARE_OPERATORS = ['$eq', '$ne', '$lt', '$lte', '$gt', '$gte'] as const;
/** Text matching (LIKE and LOWER(…) = LOWER(…)). */
export const TEXT_OPERATORS = [
  '$eqi',
  '$nei',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
] as const;
export const LIST_OPERATORS = ['$in', '$notIn', '$between'] as const;
export const NULL_OPERATORS = ['$null', '$notNull'] as const;

export const FIELD_OPERATORS = [...COMPARE_OPERATORS, ...TEXT_OPERATORS, ...LIST_OPERATORS, ...NULL_OPERATORS] as const;
export const OPERATORS = [...FIELD_OPERATORS, ...LOGICAL_OPERATORS] as const;

export type LogicalOperator = (typeof LOGICAL_OPERATORS)[number];
export type FieldOperator = (typeof FIELD_OPERATORS)[number];
export type Operator = (typeof OPERATORS)[number];

export const isOperator = (key: string): key is Operator => (OPERATORS as readonly string[]).includes(key);
export const isLogicalOperator = (key: string): key is LogicalOperator => (LOGICAL_OPERATORS as readonly string[]).includes(key);
