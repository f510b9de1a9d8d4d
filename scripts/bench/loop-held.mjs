// "Loop held": how long a cheap GET waits while heavy requests run. `heavy` clients each ask `heavyPath` again and
// again (a populate chain whose answer is many MB); one more client asks `cheapPath` one request at a time and
// times each answer with hrtime. A server that renders or serializes a big answer in one go holds every other
// request for as long: the cheap GET's p99 / max show it.
import http from 'node:http';

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

function get(agent, url) {
  return new Promise((ok, fail) => {
    const t0 = process.hrtime.bigint();
    let bytes = 0;
    http
      .get(url, { agent }, (res) => {
        res.on('data', (d) => (bytes += d.length));
        res.on('end', () => ok({ ms: ms(t0), bytes, status: res.statusCode }));
      })
      .on('error', fail);
  });
}

const at = (list, p) => {
  if (list.length === 0) return NaN;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};

/**
 * @param {string} base the server's URL
 * @param {{ heavyPath: string, cheapPath: string, heavy?: number, seconds?: number }} o
 */
export async function measureLoopHeld(base, { heavyPath, cheapPath, heavy = 8, seconds = 10 }) {
  const heavyAgent = new http.Agent({ keepAlive: true, maxSockets: heavy });
  const cheapAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // the cheap path alone first (2 s): what it costs when nothing else runs on the server; its p99 shows what the
  // machine's other load adds by itself
  const idle = [];
  const idleEnd = Date.now() + 2000;
  while (Date.now() < idleEnd) idle.push((await get(cheapAgent, base + cheapPath)).ms);
  const end = Date.now() + seconds * 1000;
  const heavyTimes = [];
  let heavyBytes = 0;
  let heavyErrors = 0;
  const heavyClient = async () => {
    while (Date.now() < end) {
      const r = await get(heavyAgent, base + heavyPath);
      if (r.status !== 200) heavyErrors++;
      heavyTimes.push(r.ms);
      heavyBytes = Math.max(heavyBytes, r.bytes);
    }
  };
  const heavyDone = Promise.all(Array.from({ length: heavy }, heavyClient));
  // let the heavy requests get going before timing the cheap one
  await new Promise((ok) => setTimeout(ok, 200));
  const cheap = [];
  while (Date.now() < end) cheap.push((await get(cheapAgent, base + cheapPath)).ms);
  await heavyDone;
  heavyAgent.destroy();
  cheapAgent.destroy();
  return {
    heavy,
    heavyPath,
    cheapPath,
    seconds,
    idleP50: at(idle, 0.5),
    idleP99: at(idle, 0.99),
    cheap: { requests: cheap.length, p50: at(cheap, 0.5), p99: at(cheap, 0.99), max: Math.max(...cheap) },
    heavyAnswers: {
      requests: heavyTimes.length,
      p50: at(heavyTimes, 0.5),
      max: Math.max(...heavyTimes),
      bytes: heavyBytes,
      errors: heavyErrors,
    },
  };
}
