const r = (method, path, handler) => ({ method, path, handler: `article.${handler}`, config: { auth: false } });
module.exports = { routes: [
  r('GET', '/ds/all-locales', 'dsAllLocales'), r('GET', '/ds/draft-fr', 'dsDraftFr'), r('GET', '/ds/missing/:id', 'dsMissingLocale'),
  r('GET', '/ds/first', 'dsFirst'), r('GET', '/ds/count', 'dsCount'), r('POST', '/ds/create-fr', 'dsCreateFr'), r('POST', '/ds/update-de/:id', 'dsUpdateDe'),
  r('POST', '/ds/publish-all/:id', 'dsPublishAll'), r('POST', '/ds/unpublish/:id', 'dsUnpublish'), r('POST', '/ds/discard/:id', 'dsDiscard'),
  r('GET', '/ds/populate', 'dsPopulate'), r('GET', '/ds/star', 'dsStar'), r('GET', '/ds/offset', 'dsOffset'), r('POST', '/ds/delete-all/:id', 'dsDeleteAll'),
  r('GET', '/es/many', 'esMany'), r('GET', '/es/live', 'esLive'), r('GET', '/es/one/:n', 'esOne'), r('POST', '/es/create', 'esCreate'),
  r('POST', '/es/update/:n', 'esUpdate'), r('POST', '/es/delete/:n', 'esDelete'), r('GET', '/db/many', 'dbMany'), r('GET', '/db/count', 'dbCount'),
  r('GET', '/db/with-count', 'dbWithCount'), r('GET', '/db/page', 'dbPage'), r('GET', '/db/one', 'dbOne'), r('POST', '/db/update/:n', 'dbUpdate'),
  r('GET', '/ds/filter-rel', 'dsFilterRel'), r('GET', '/ds/has-pub', 'dsHasPub'),
  r('POST', '/svc/create', 'svcCreate'), r('GET', '/svc/find', 'svcFind'), r('GET', '/svc/one/:id', 'svcFindOne'), r('POST', '/svc/update/:id', 'svcUpdate'),
  r('POST', '/svc/delete/:id', 'svcDelete'), r('POST', '/db/create', 'dbCreate'), r('POST', '/db/update-many', 'dbUpdateMany'), r('POST', '/db/delete-many', 'dbDeleteMany'),
  r('POST', '/db/create-many', 'dbCreateMany'), r('GET', '/db/populate', 'dbPopulate'), r('GET', '/ds/one-status/:id', 'dsFindOneStatus'), r('GET', '/x/meta', 'meta'), r('GET', '/x/conf', 'conf'), r('GET', '/x/i18n', 'i18n'), r('GET', '/x/store', 'store'),
] };
