import { StatusError } from '../../core/errors/http-status.js';

/**
 * A client that closed the connection before sending its whole body: its choice, not our failure. It is a 400 in
 * the envelope (nobody reads it: the socket is gone), logged as a client abort and never as an internal error.
 */
export class ClientAbortError extends StatusError {
  constructor() {
    super(400, { name: 'BadRequestError', message: 'The client closed the connection before the end of its request body' });
  }
}

export const clientAbort = (): ClientAbortError => new ClientAbortError();

/** Whether an error is a client abort: ours, or what Node's request stream throws when the peer goes away. */
export function isClientAbort(err: unknown): boolean {
  if (err instanceof ClientAbortError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'ECONNABORTED' || (err instanceof Error && err.message === 'aborted');
}
