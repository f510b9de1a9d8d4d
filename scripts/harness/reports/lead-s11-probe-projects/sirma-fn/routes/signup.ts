export default { routes: [{ method: 'POST', path: '/topics/signup', handler: 'signup.create', config: { auth: false } }] };
