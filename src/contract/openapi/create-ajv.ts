import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv and ajv-formats are CommonJS with a `default` export; under NodeNext the class sits on `.default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export type Ajv = InstanceType<typeof Ajv2020>;

/**
 * The one ajv setup for the document's schemas (JSON Schema 2020-12, as OpenAPI 3.1 uses): OpenAPI's
 * `discriminator` understood, type unions allowed, unknown keywords refused.
 */
export function createAjv(): Ajv {
  const ajv = new Ajv2020({
    allErrors: true,
    discriminator: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  return ajv;
}
