import type { Agent } from 'node:http';
import type { FuzzRequest } from './requests.mjs';

export function send(base: string, req: FuzzRequest, agent?: Agent): Promise<{ status?: number; error?: string; skipped?: string }>;
export function runFuzz(
  base: string,
  generator: { next(): FuzzRequest },
  options: { count: number; concurrency?: number },
): Promise<{
  statuses: Record<string, number>;
  failures: { status?: number; error?: string; request: FuzzRequest }[];
  skipped: number;
}>;
