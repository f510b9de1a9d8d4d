// State that belongs to one store and lives as long as its content does, without being content: refresh sessions
// issued, uploaded bytes of a memory store, the JWT secret. It hangs on the store (never in module-level maps, so
// two stores in one process, as MSW test suites have, never share it) and a reset starts a new session.

/** One kind of per-store state: how to make it, and whether it outlives a reset (where a secret is read from). */
export interface SessionSlot<T> {
  readonly name: string;
  readonly create: () => T;
  /** Kept when the store is reset (default: a reset starts it over). */
  readonly keep?: boolean;
}

export const sessionSlot = <T>(name: string, create: () => T, keep = false): SessionSlot<T> => ({ name, create, keep });

export class StoreSession {
  private readonly values = new Map<SessionSlot<unknown>, unknown>();

  /** A new session; the slots marked `keep` of `previous` carry over. */
  constructor(previous?: StoreSession) {
    for (const [slot, value] of previous?.values ?? []) if (slot.keep) this.values.set(slot, value);
  }

  /** The store's value for `slot`, made on first use. */
  get<T>(slot: SessionSlot<T>): T {
    if (this.values.has(slot)) return this.values.get(slot) as T;
    const value = slot.create();
    this.values.set(slot, value);
    return value;
  }

  set<T>(slot: SessionSlot<T>, value: T): void {
    this.values.set(slot, value);
  }
}
