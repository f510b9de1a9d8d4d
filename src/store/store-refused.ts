/**
 * The store will not open its file as things are: another process holds it, or its journal is damaged. Not a
 * crash: the message says what holds it or what is wrong, where, and what to do (the CLI exits 2).
 */
export class StoreRefused extends Error {
  override readonly name: string = 'StoreRefused';
}
