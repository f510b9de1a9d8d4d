import { errors } from '@strapi/utils';
export default (policyContext: any, config: any, { strapi }: any) => {
  const n = Number(policyContext.request.query.n ?? 0);
  if (n === 3) throw new errors.PolicyError('three is right out', { policy: 'deny-odd', n });
  return n % 2 === 0;
};
