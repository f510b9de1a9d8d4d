const r = (method: string, path: string, handler: string, auth: any = false) => ({ method, path, handler: `koa.${handler}`, config: { auth } });
export default { routes: [
  r('GET', '/koa/headers', 'headers'), r('GET', '/koa/redirect', 'redirect'), r('GET', '/koa/query', 'query'), r('POST', '/koa/body', 'body'),
  r('GET', '/koa/jwt', 'jwt'), r('GET', '/koa/users', 'users'), r('GET', '/koa/role', 'role'), r('GET', '/koa/cookie', 'cookie'),
  r('GET', '/koa/state', 'state'), r('GET', '/koa/state-auth', 'state', {}),
] };
