import type { ContentIndex } from '../../core/data/content-index.js';
import type { Row } from '../../core/data/types.js';
import type { ContentType } from '../../core/model/types.js';

// A list without `populate` or `fields` shows each row as the same JSON whatever the page, the filters or the
// sort: its scalars. Serializing those rows again for every request was the largest cost of a cold list read
// (JSON.stringify of 25 entries, more than the engine's own work). This keeps each row's JSON text, made by the
// engine's own render and JSON.stringify (so the bytes are the same), until the row's table changes.

/** Rows kept per type at most; past it the type's texts start over (bounds the memory to a few MB per type). */
const MAX_ROWS = 10_000;

interface TypeTexts {
  readonly index: ContentIndex;
  readonly epoch: number;
  readonly generation: number;
  /** The model's type object: a schema reload gives a new one, and the texts are dropped with the old. */
  readonly type: ContentType;
  readonly texts: Map<Row, string>;
}

export class RowFragments {
  private readonly byType = new Map<string, TypeTexts>();

  /**
   * The JSON texts of `rows` of `type`, in order; `render` renders the rows not kept yet (in order, as the engine
   * renders a page). Valid while the type's table has the generation it had when the texts were made.
   */
  texts(index: ContentIndex, type: ContentType, rows: readonly Row[], render: (rows: readonly Row[]) => unknown[]): string[] {
    const kept = this.current(index, type);
    let missing = rows.filter((row) => !kept.texts.has(row));
    if (missing.length > 0) {
      if (kept.texts.size + missing.length > MAX_ROWS) {
        kept.texts.clear();
        missing = [...rows];
      }
      const rendered = render(missing);
      missing.forEach((row, i) => kept.texts.set(row, JSON.stringify(rendered[i])));
    }
    return rows.map((row) => kept.texts.get(row)!);
  }

  private current(index: ContentIndex, type: ContentType): TypeTexts {
    const generation = index.tableGeneration(type.uid);
    const kept = this.byType.get(type.uid);
    if (kept && kept.index === index && kept.epoch === index.epoch && kept.generation === generation && kept.type === type) return kept;
    const fresh: TypeTexts = { index, epoch: index.epoch, generation, type, texts: new Map() };
    this.byType.set(type.uid, fresh);
    return fresh;
  }
}
