import type { ContentMockConfig } from '../core/config/content-mock-config.js';
import type { ContentModel } from '../core/model/types.js';
import type { ContentStore } from '../store/content-store.js';

/** What the app serves from; a getter so hot reload can swap model, store and config between requests. */
export interface Runtime {
  readonly model: ContentModel;
  readonly store: ContentStore;
  readonly config: ContentMockConfig;
  /** Where the mock prints what a developer should see (the mailbox's emails); undefined when quiet. */
  readonly log?: (line: string) => void;
}
