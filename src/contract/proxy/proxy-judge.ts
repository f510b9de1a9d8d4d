import type { IncomingMessage } from 'node:http';
import type { Contract } from './load-contract.js';
import { settleConditionals } from './conditions.js';
import { excerptOf, parseAnswer } from './parse-answer.js';
import { ReadProbe } from './read-probe.js';
import { contractEffectiveSearch, dedupeViolations, validateExchange, type ExchangeVerdict } from './validate-exchange.js';
import { memoKey, VerdictMemo } from './verdict-memo.js';
import type { ExchangeResult, Rule } from './violation.js';
import { graphqlVerdictFor } from '../graphql/graphql-verdict.js';

/** One answer as the proxy received it; `chunks` undefined when it was larger than the validation cap. */
export interface ReceivedAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly encoding: string | undefined;
  readonly chunks: readonly Buffer[] | undefined;
  readonly size: number;
  readonly started: number;
  readonly requestBody?: unknown;
}

export interface ProxyJudge {
  judge(req: IncomingMessage, answer: ReceivedAnswer): Promise<ExchangeResult>;
}

const operationOf = (method: string, url: string) => `${method} ${url.split('?')[0]}`;

/**
 * The proxy's verdicts: one parse and one validation per distinct (request, answer bytes) thanks to the memo, then
 * what depends on the caller (relations they may not read) settled by probing the target with their credential.
 */
export function createProxyJudge(target: string, contract: Contract, timeoutMs: number, ignoreRules: readonly Rule[] = []): ProxyJudge {
  const memo = new VerdictMemo();
  const probe = new ReadProbe(target, contract.model, Math.min(timeoutMs, 10_000));
  const ignored = new Set(ignoreRules);
  const graphql = graphqlVerdictFor(contract.model, contract.config?.graphql);
  const isGraphql = (url: string) => url.split('?')[0] === (contract.config?.graphql?.endpoint ?? '/graphql');

  /** `body` is read again only for a report excerpt, and only when there is something to report. */
  const verdictOn = (
    req: IncomingMessage,
    answer: ReceivedAnswer,
    chunks: readonly Buffer[],
    effectiveSearch: string | undefined,
  ): { verdict: ExchangeVerdict; body: () => unknown } => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    // (the query the project's code gave the action is part of what the verdict depends on)
    const key = memoKey(
      method,
      effectiveSearch === undefined ? url : `${url}\u0000${effectiveSearch}`,
      req.headers,
      answer.status,
      answer.contentType,
      answer.encoding,
    );
    const known = memo.get(key, chunks, answer.size);
    const reread = () => {
      const raw = Buffer.concat(chunks, answer.size);
      try {
        return parseAnswer(raw, answer.contentType, answer.encoding);
      } catch {
        return raw.toString('utf8');
      }
    };
    if (known && !isGraphql(url)) return { verdict: known, body: reread };
    // Copied once: the memo keeps it, and socket chunks are views into larger read buffers.
    const raw = Buffer.concat(chunks, answer.size);
    let body: unknown;
    let verdict: ExchangeVerdict | undefined;
    try {
      body = parseAnswer(raw, answer.contentType, answer.encoding);
    } catch (e) {
      body = raw.toString('utf8');
      verdict = {
        operation: operationOf(method, url),
        violations: [{ rule: 'schema', path: '$', message: `the body does not parse: ${(e as Error).message}` }],
      };
    }
    // GraphQL: judged by the request's operation (the memo does not key on request bodies)
    verdict ??= graphql(method, url, answer.requestBody, answer.status, body);
    verdict ??= validateExchange(contract, {
      method,
      url,
      requestHeaders: req.headers,
      status: answer.status,
      contentType: answer.contentType,
      body,
      ...(effectiveSearch === undefined ? {} : { effectiveSearch }),
    });
    memo.set(key, raw, verdict);
    return { verdict, body: () => body };
  };

  /** The memoized verdict is caller-independent; its conditionals are settled here, for this caller. */
  const settle = async (req: IncomingMessage, verdict: ExchangeVerdict): Promise<ExchangeVerdict> => {
    const { conditional, ...rest } = verdict;
    if (!conditional) return verdict;
    const found = await settleConditionals(conditional, probe, req.headers.authorization);
    return found.length === 0 ? rest : { ...rest, violations: dedupeViolations([...rest.violations, ...found]) };
  };

  return {
    async judge(req, answer) {
      const method = req.method ?? 'GET';
      const url = req.url ?? '/';
      const { verdict, body } =
        answer.chunks === undefined
          ? {
              verdict: { operation: operationOf(method, url), violations: [], skipped: 'body too large to validate' },
              body: () => undefined,
            }
          : verdictOn(req, answer, answer.chunks, await contractEffectiveSearch(contract, method, url, req.headers.authorization));
      // The exchange's own time: a probe is the proxy's cost, not the target's.
      const durationMs = performance.now() - answer.started;
      const settled = await settle(req, verdict);
      const violations = ignored.size === 0 ? settled.violations : settled.violations.filter((v) => !ignored.has(v.rule));
      return {
        ...settled,
        violations,
        method,
        url,
        status: answer.status,
        durationMs,
        ...(answer.requestBody === undefined ? {} : { requestBody: answer.requestBody }),
        ...(req.headers.authorization ? { authorized: true } : {}),
        ...(violations.length > 0 ? { excerpt: excerptOf(body()) } : {}),
      };
    },
  };
}
