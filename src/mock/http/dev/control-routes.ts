import express from 'express';
import { sendStrapiError } from './fault-injection.js';

/** Where the mock's own endpoints live: outside /api so no content route can collide with them. */
export const CONTROL_PREFIX = '/__content-mock';

/**
 * `POST /__content-mock/reset` restores the seed (test suites call it in `beforeEach`); `GET
 * /__content-mock/health` tells a test runner the server is up; `GET /__content-mock/mailbox` lists the emails the
 * users & permissions routes and project code (the email plugin) sent, newest first; `GET /__content-mock/webhooks` lists recent webhook deliveries.
 * Never delayed or faulted.
 */
export function controlRoutes(
  reset: () => Promise<void>,
  mailbox: () => unknown[] = () => [],
  deliveries: () => readonly unknown[] = () => [],
): express.Router {
  const router = express.Router();
  router.post('/reset', (_req, res) => {
    reset().then(
      () => res.status(204).end(),
      (e: unknown) => sendStrapiError(res, 500, `reset failed: ${e instanceof Error ? e.message : String(e)}`),
    );
  });
  // The webhook deliveries made so far (newest last), for tests that assert what a receiver was sent.
  router.get('/webhooks', (_req, res) => {
    res.json({ deliveries: deliveries() });
  });
  router.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  router.get('/mailbox', (_req, res) => {
    res.json(mailbox());
  });
  return router;
}
