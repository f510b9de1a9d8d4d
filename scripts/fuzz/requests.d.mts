export interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}
export interface Vocabulary {
  readonly types: readonly unknown[];
  readonly components: readonly unknown[];
  readonly documentIds: readonly string[];
}
export function vocabularyOf(modelDir: string, datasetFile?: string): Vocabulary;
export function hostileRequests(vocabulary: Vocabulary, seed: number): { next(): FuzzRequest };
