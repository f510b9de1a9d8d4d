// mime-types 2.1.35 (the version Strapi's upload plugin uses) under an alias, so express's mime-types 3 hoists to
// node_modules/ as one copy: it was four nested ones, each building its tables at start-up. Same API, same types.
declare module 'mime-types-2' {
  export * from 'mime-types';
}
