// The ceiling: a bare Express 5 app answering each benchmarked request with the bytes content-mock gave for it,
// stored once. Run as a child process (so it gets its own event loop, like content-mock):
//   node ceiling-server.mjs RESPONSES.json PORT
// RESPONSES.json: [{ path, status, contentType, body (base64) }]. Prints "listening PORT" when ready.
import { readFileSync } from 'node:fs';
import express from 'express';

const [file, port = '0'] = process.argv.slice(2);
const responses = new Map(
  JSON.parse(readFileSync(file, 'utf8')).map((r) => [
    r.path,
    { status: r.status, contentType: r.contentType, body: Buffer.from(r.body, 'base64') },
  ]),
);

const app = express();
// the same settings content-mock's app uses (src/http/create-app.ts)
app.disable('x-powered-by');
app.set('etag', false);
app.use((req, res) => {
  const r = responses.get(req.originalUrl);
  if (!r) return res.status(404).type('application/json').send('{"error":"not recorded"}');
  res.status(r.status).set('Content-Type', r.contentType).send(r.body);
});
const server = app.listen(Number(port), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
