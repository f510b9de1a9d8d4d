import { availableParallelism } from 'node:os';
import type { ContentModel, ContentType, Locale } from '../core/model/types.js';
import { DatasetError, DatasetImporter, datasetLocales, type Dataset } from '../core/data/import-dataset.js';
import type { MediaFile, Row, StoreData } from '../core/data/types.js';
import { keepDeferred } from './deferred-registry.js';
import { isPlainObject } from '../core/is-plain-object.js';
import { documentProblem, importOutline } from './import-outline.js';
import { readBytes } from './read-bytes.js';
import { outline, slicesOf, type OutlineStream, type ShrunkDocuments } from './seed-outline.js';
import { shrinkPlanOf } from './shrink-snapshot.js';

export interface StreamedSeed {
  readonly bytes: Buffer;
  readonly file: string;
  readonly stream: OutlineStream;
  /** The locales the model was read with (from the stream's head). */
  readonly locales: Locale[];
  /**
   * Whether components, dynamic zones, json and blocks may be built after the import returns (see DeferredValues;
   * the store then builds them before anything reads them): the read-ahead thread sets them aside.
   */
  readonly lazy?: boolean;
  /** Whether values set aside are built while the import waits for the thread (default: with four cores or more). */
  readonly buildWhileWaiting?: boolean;
  /** Whether the plan to shrink the documents by was posted already, for this import (see SeedSource.prepare). */
  readonly planned?: boolean;
}

/**
 * Imports a seed while the read-ahead thread still outlines it: each chunk of documents is parsed and imported as
 * soon as the thread has found it, so the import no longer waits for the whole outline (at 100k articles the thread
 * needs over a second for it). The result is the store an import from the whole outline builds: whatever the
 * stream cannot decide as it goes (a type named twice, keys JSON.parse would order otherwise, the media library
 * after the documents) is imported again from the whole outline once it is complete; a document's error is raised
 * only once the outline is known to be sound, since an outline's error comes first on the main thread too.
 */
export function importStreamedSeed(seed: StreamedSeed, model: ContentModel, warn?: (message: string) => void): StoreData {
  const { bytes, file, stream } = seed;
  // warnings wait until this import is the one kept (an import again from the outline would repeat them)
  const warnings: string[] = [];
  const importer = new DatasetImporter(model, (w) => warnings.push(w));
  const headMedia = stream.head.media;
  if (Array.isArray(headMedia)) importer.addMedia(headMedia as MediaFile[]);
  const documents = new Map<string, Float64Array[]>();
  const order: string[] = [];
  let failure: unknown;
  let unsure = false;
  // the type being streamed: undecided while its members before "documents" cannot name it for sure
  let current: { key: string; type: ContentType | undefined; decided: boolean; members: Record<string, unknown> } | undefined;
  const importChunk = (type: ContentType | undefined, extents: Float64Array, shrunk?: ShrunkDocuments) => {
    if (!type || failure !== undefined || unsure) return;
    try {
      // the thread's shrunk copies, when it shrank them as this type's (the import reads the same of them)
      const [text, at] = shrunk?.uid === type.uid ? [shrunk.bytes, shrunk.extents] : [bytes, extents];
      const asides = shrunk?.uid === type.uid ? shrunk.asides : undefined;
      // (the rows made, in order, when members were set aside: they are built from them later)
      const made: (Row | undefined)[] | undefined = asides && [];
      for (let i = 0; i < at.length; i += 2) {
        const row = importer.addSnapshot(type, JSON.parse(text.toString('utf8', at[i], at[i + 1])) as Record<string, unknown>);
        made?.push(row);
      }
      if (asides) deferChunk(importer, type, bytes, made!, asides, seed.lazy === true);
    } catch (e) {
      failure = e;
    }
  };
  // the model was read with the locales of the head: a later "locales" must not change them
  const sameLocales = (meta: Dataset) => {
    if (JSON.stringify(datasetLocales(meta)) !== JSON.stringify(seed.locales)) {
      throw new DatasetError(`${file}: "locales" or "defaultLocale" is given twice; give each once, before "contentTypes"`);
    }
  };
  // a thread that shrinks snapshots holds them until it knows what of them the import reads
  if (!seed.planned) stream.plan(shrinkPlanOf(model, headMedia, seed.lazy === true));
  // While the thread is behind, the values set aside so far are built (they would be after start-up), a few rows at
  // a time, then a look for the next step: only where a core is free for it. The read-ahead threads (outline and
  // read) and the collector's helpers keep two cores busy, and the outline is what the first answer waits for:
  // building beside it there slowed it down (100k articles, 2 cores: CPU of all threads 4.8 → 4.2 s without).
  const buildWhileWaiting = seed.lazy === true && stream.poll !== undefined && (seed.buildWhileWaiting ?? availableParallelism() >= 4);
  const nextStep = () => {
    if (!buildWhileWaiting || !stream.poll) return stream.next();
    for (;;) {
      const step = stream.poll();
      if (step) return step;
      if (!importer.deferred()?.step(() => true)) return stream.next();
    }
  };
  let meta: Dataset | undefined;
  while (!meta) {
    const step = nextStep();
    switch (step.kind) {
      case 'failed': {
        // The thread gave up (malformed JSON, or a read it could not follow): the main thread reads and outlines the
        // file itself, and imports it, or says what is wrong with it, with file and position.
        const own = readBytes(file);
        const whole = outline(own, file);
        sameLocales(whole.meta);
        return importOutline(own, file, whole.meta, whole.documents, model, warn);
      }
      case 'done':
        meta = step.meta;
        break;
      case 'type': {
        if (documents.has(step.key)) unsure = true;
        documents.set(step.key, []);
        order.push(step.key);
        const decided = namesTypeForSure(step.members);
        current = { key: step.key, type: decided ? importer.typeFor(step.key, step.members) : undefined, decided, members: step.members };
        break;
      }
      case 'documents': {
        documents.get(step.key)!.push(step.extents);
        if (current?.key === step.key && current.decided) importChunk(current.type, step.extents, step.shrunk);
        break;
      }
      case 'type-end':
        if (current?.key === step.key && !current.decided) {
          const type = importer.typeFor(step.key, step.members);
          for (const extents of documents.get(step.key)!) importChunk(type, extents);
        }
        // a name given twice in the type (the last one counts)
        if (current?.decided && (current.members.uid !== step.members.uid || current.members.pluralName !== step.members.pluralName))
          unsure = true;
        if (current?.key !== step.key) {
          // a type without documents: the outline fails on it; kept in order all the same
          order.push(step.key);
          unsure = true;
        }
        current = undefined;
        break;
    }
  }
  const keys = Object.keys(meta.contentTypes);
  unsure ||=
    keys.length !== order.length ||
    keys.some((k, i) => k !== order[i]) ||
    (Array.isArray(headMedia) && JSON.stringify(headMedia) !== JSON.stringify(meta.media));
  sameLocales(meta);
  if (unsure) return importOutline(bytes, file, meta, new Map([...documents].map(([key, chunks]) => [key, slicesOf(chunks)])), model, warn);
  if (failure !== undefined) throw documentProblem(bytes, file, failure);
  importer.setLocales(meta.locales);
  if (!Array.isArray(headMedia)) importer.addMedia(meta.media ?? []);
  for (const w of warnings) warn?.(w);
  const data = importer.finish();
  const deferred = importer.deferred();
  if (deferred) keepDeferred(data, deferred);
  return data;
}

/**
 * Hands the importer the members a chunk's snapshots had set aside (`asides`: [document, key start, value end, …]
 * in the seed's bytes, see ShrinkPlan.aside): a document whose row was made before (a repeated id) keeps that row's.
 */
function deferChunk(
  importer: DatasetImporter,
  type: ContentType,
  bytes: Buffer,
  made: readonly (Row | undefined)[],
  asides: Uint32Array,
  lazy: boolean,
): void {
  const rows: Row[] = [];
  const spans: number[] = [];
  for (let e = 0; e < asides.length;) {
    const doc = asides[e];
    let f = e;
    while (f < asides.length && asides[f] === doc) f += 3;
    const row = made[doc];
    if (row) {
      rows.push(row);
      spans.push(e, f);
    }
    e = f;
  }
  const span = Uint32Array.from(spans);
  const read = (k: number) => {
    // the members as one object, in their order (a member given twice: the last counts, as JSON.parse keeps it)
    let text = '{';
    for (let e = span[2 * k]; e < span[2 * k + 1]; e += 3)
      text += (text.length > 1 ? ',' : '') + bytes.toString('utf8', asides[e + 1], asides[e + 2]);
    return JSON.parse(text + '}') as Record<string, unknown>;
  };
  importer.addDeferred(type, rows, read, lazy);
}

/**
 * Whether a type's members before its "documents" name it as all its members would (DatasetImporter.typeFor looks
 * at `uid`, then the key, then `pluralName`): a later member could change it otherwise.
 */
function namesTypeForSure(members: Record<string, unknown>): boolean {
  return isPlainObject(members) && 'uid' in members && 'pluralName' in members;
}
