export default {
  routes: [
    { method: 'GET', path: '/misc/teapot', handler: 'misc.teapot', config: { auth: false } },
    { method: 'GET', path: '/misc/empty', handler: 'misc.empty', config: { auth: false } },
    { method: 'GET', path: '/misc/returned', handler: 'misc.returned', config: { auth: false } },
    { method: 'GET', path: '/misc/csv', handler: 'misc.csv', config: { auth: false } },
    { method: 'GET', path: '/misc/buffer', handler: 'misc.buffer', config: { auth: false } },
    { method: 'GET', path: '/misc/slug/:slug([a-z-]+)/:n(\\d+)?', handler: 'misc.slug', config: { auth: false } },
    { method: 'POST', path: '/misc/created', handler: 'misc.created', config: { auth: false } },
    { method: 'GET', path: '/misc/bad', handler: 'misc.bad', config: { auth: false } },
    { method: 'GET', path: '/misc/policyd', handler: 'misc.policyd', config: { auth: false, policies: ['global::deny-odd'] } },
    { method: 'GET', path: '/misc/count', handler: 'misc.count', config: { auth: false } },
    { method: 'GET', path: '/misc/first', handler: 'misc.first', config: { auth: false } },
    { method: 'GET', path: '/misc/page', handler: 'misc.page', config: { auth: false } },
    { method: 'GET', path: '/misc/svc', handler: 'misc.svc', config: { auth: false } },
    { method: 'GET', path: '/misc/conflict', handler: 'misc.conflict', config: { auth: false } },
    { method: 'GET', path: '/custom-root/hello', handler: 'misc.returned', config: { auth: false, prefix: '' } },
  ],
};
