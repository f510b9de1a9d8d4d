// The page of the Chromium test: a service worker with content-mock's handlers, then a plain fetch of /api/....
import { setupWorker } from 'msw/browser';
import { createHandlers } from '../../src/mock/msw/browser.js';
import type { ProjectBundle } from '../../src/dataset/bundle/project-bundle.js';

// The result goes back to the test's own server (a path no handler claims, so the worker lets it through).
const show = (value: unknown) => fetch('/result', { method: 'POST', body: JSON.stringify(value) });

try {
  const project = (await (await fetch('/project.json')).json()) as ProjectBundle;
  const worker = setupWorker(...createHandlers({ project }));
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true, onUnhandledRequest: 'bypass' });
  const path = new URLSearchParams(location.search).get('path') ?? '/api/articles';
  const res = await fetch(path);
  await show({ status: res.status, body: await res.json() });
} catch (e) {
  await show({ error: String(e) });
}
