import type { ContentMockConfig } from '../core/config/content-mock-config.js';
import type { MediaFile, Row } from '../core/data/types.js';
import type { ContentModel, ContentType } from '../core/model/types.js';
import type { ContentStore } from '../store/content-store.js';
import type { ProjectApp } from './strapi/project-app.js';

/** A successful content write: the document's rows as they were before it (what it deleted or replaced). */
export interface WriteNotice {
  readonly action: 'create' | 'update' | 'delete';
  readonly type: ContentType;
  readonly documentId: string | undefined;
  readonly query: Record<string, unknown>;
  readonly before: readonly Row[];
}

export type MediaEvent = 'media.create' | 'media.update' | 'media.delete';

/** Told of every successful write, after it is stored (webhooks); must never throw into the request. */
export interface WriteListener {
  entry(notice: WriteNotice): void;
  media(event: MediaEvent, file: MediaFile): void;
}

/** What the app serves from; a getter so hot reload can swap model, store and config between requests. */
export interface Runtime {
  readonly model: ContentModel;
  readonly store: ContentStore;
  readonly config: ContentMockConfig;
  readonly listener?: WriteListener;
  /** Where the mock prints what a developer should see (the mailbox's emails); undefined when quiet. */
  readonly log?: (line: string) => void;
  /** The project's own server code (routes, controllers, services…), when it has some and it is turned on. */
  readonly app?: ProjectApp;
}
