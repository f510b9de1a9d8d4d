import { yup, validateYupSchema, strings, errors } from '@strapi/utils';

const schema = yup.object({
  email: yup.string().email().required(),
  seats: yup.number().integer().min(1).max(5),
});

export default {
  async create(ctx: any) {
    const body = await validateYupSchema(schema)(ctx.request.body ?? {});
    if (body.seats === 4) throw new errors.NotFoundError('no such seat');
    ctx.body = { ok: true, slug: strings.nameToSlug(String(body.email)) };
  },
};
