import type { NextFunction, Request, Response } from 'express';

type Handler = (req: Request, res: Response) => Promise<void> | void;

/** An async route handler whose errors reach the app's one error handler (Strapi's envelope). */
export function route(handler: Handler) {
  return (req: Request, res: Response, next: NextFunction) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(next);
  };
}
