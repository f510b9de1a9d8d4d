// "Loop held": how long a cheap GET waits while heavy requests run. `heavy` clients each ask `heavyPath` again and
// again (a populate chain whose answer is many MB); one more client asks `cheapPath` one request at a time and
// times each answer with hrtime. A server that renders or serializes a big answer in one go holds every other
// request for as long: the cheap GET's p99 / max show it.
// The cheap GET is timed from a process of its own: this one reads the heavy answers (tens of MB each), and its own
// event loop would otherwise delay the cheap answer's timing by as much as the server does.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

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

/** Times GET `url` one request at a time until `end` (ms since the epoch); resolves to the times in ms. */
async function timeCheap(url, end) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  while (Date.now() < end) times.push((await get(agent, url)).ms);
  agent.destroy();
  return times;
}

/** timeCheap in a child process (this module run as a script). */
function timeCheapApart(url, end) {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), url, String(end)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? ok(JSON.parse(out)) : fail(new Error(`the cheap GET timer exited with ${code}`))));
  });
}

/**
 * @param {string} base the server's URL
 * @param {{ heavyPath: string, cheapPath: string, heavy?: number, seconds?: number }} o
 */
export async function measureLoopHeld(base, { heavyPath, cheapPath, heavy = 8, seconds = 10 }) {
  const heavyAgent = new http.Agent({ keepAlive: true, maxSockets: heavy });
  // the cheap path alone first (2 s): what it costs when nothing else runs on the server; its p99 shows what the
  // machine's other load adds by itself
  const idle = await timeCheapApart(base + cheapPath, Date.now() + 2000);
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
  const cheap = await timeCheapApart(base + cheapPath, end);
  await heavyDone;
  heavyAgent.destroy();
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, end] = process.argv.slice(2);
  process.stdout.write(JSON.stringify(await timeCheap(url, Number(end))));
}
