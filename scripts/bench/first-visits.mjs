// "First visits": what a populated read costs when nothing kept between requests can serve its rows. The new-URL
// runs (new-urls.mjs) ask a few hundred pages again and again, so after their warm-up every row's parts are kept
// (mock/request/populated-rows.ts) and only the URL is new; at a low request rate (a loaded machine, a frontend's
// test suite) most requests are a page's or a document's first visit instead. This asks each page of the populate
// list, and each of a run of documents for the findOne, exactly once, 10 at a time, in an order of its own, before
// anything else asked them, after a warm-up of first visits of drafts; the server's CPU time per request (/proc) is the
// figure, judged against the ceiling's new-URL figure of the same query (an answer of the same size).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { prng } from './generate-dataset.mjs';
import { ARTICLE_POPULATE, shuffled } from './new-urls.mjs';

/** CPU seconds (user + system) a process has used so far, from /proc (NaN elsewhere). */
const cpuSeconds = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
};

/**
 * Per query key, the paths of its first visits: `populate` every page of 25 but the first (the same-URL run's), each
 * once; `findOne` `documents` documents from the end of the list (the same-URL run asks the middle one). Each with a
 * warm-up of first visits of its own (drafts, which no measured request shows), so the code that makes parts is
 * compiled before the measured ones.
 */
export function firstVisitPaths(targets, { documents = 2000, warm = 200 } = {}) {
  const rand = prng(77);
  const pages = Math.floor(targets.publishedRows / 25);
  const page = (n, status) =>
    `/api/articles?${status}${shuffled(ARTICLE_POPULATE, rand)
      .map((k) => `populate[${k}]=true`)
      .join('&')}&pagination[pageSize]=25&pagination[page]=${n}`;
  const keys = ['populate[category]=true', 'populate[tags]=true', 'populate[seo][populate]=*'];
  const one = (id, status) => `/api/articles/${id}?${status}${shuffled(keys, rand).join('&')}`;
  const ids = targets.documentIds.slice(-Math.min(documents, targets.documentIds.length - 2));
  return {
    populate: {
      warm: Array.from({ length: Math.min(warm, pages) }, (_, i) => page(i + 1, 'status=draft&')),
      measured: shuffled(
        Array.from({ length: pages - 1 }, (_, i) => i + 2),
        rand,
      ).map((n) => page(n, '')),
    },
    findOne: {
      warm: targets.documentIds.slice(1, 1 + warm * 2).map((id) => one(id, 'status=draft&')),
      measured: ids.map((id) => one(id, '')),
    },
  };
}

/**
 * Asks each path once, `connections` at a time, with the cold header; resolves to the server's CPU µs per request,
 * the requests and their non-2xx count.
 */
export async function measureFirstVisits(base, paths, pid, { connections = 10, headers = {} } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  let non2xx = 0;
  const get = (path) =>
    new Promise((ok, fail) => {
      http
        .get(base + path, { agent, headers }, (res) => {
          if (res.statusCode < 200 || res.statusCode > 299) non2xx++;
          res.resume();
          res.on('end', ok);
        })
        .on('error', fail);
    });
  const worker = async () => {
    while (next < paths.length) await get(paths[next++]);
  };
  const cpu0 = cpuSeconds(pid);
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpuUsPerReq = ((cpuSeconds(pid) - cpu0) * 1e6) / paths.length;
  agent.destroy();
  return { cpuUsPerReq, requests: paths.length, seconds, reqPerSec: paths.length / seconds, non2xx };
}
