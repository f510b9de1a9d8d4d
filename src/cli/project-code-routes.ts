import type { ProjectCodeView } from '../contract/proxy/load-contract.js';
import { ConfigError } from '../core/config/content-mock-config.js';
import { SchemaErrors } from '../core/model/schema-errors.js';
import { describeError } from '../project/describe-error.js';

export interface ProjectCodeRoutes {
  readonly code?: ProjectCodeView;
  close(): Promise<void>;
}

/**
 * What the project's own code does on each request's way, for `proxy` and `check` (see project/code/code-on-route.ts):
 * the project is loaded with its code as `serve` loads it (in memory, nothing written), and its route table says
 * which routes are Strapi's own. Without it, a project whose route middlewares set populate (LaunchPad) had every
 * answer of those routes called a violation: 1,173 "present but was not populated" on 656 real Strapi answers
 * (`run.mjs --code --check-strapi`). Nothing when the project has no code, or `--no-project-code`.
 */
export async function projectCodeRoutes(schemas: string, config: string | undefined, on: boolean): Promise<ProjectCodeRoutes> {
  const none: ProjectCodeRoutes = { close: async () => {} };
  if (!on) return none;
  const [{ createServer }, { codeOnRoute, effectiveSearch }] = await Promise.all([
    import('../mock/create-server.js'),
    import('../mock/strapi/code-on-route.js'),
  ]);
  // what the project's code prints while it starts goes to stderr: `check --format json` writes its report on stdout
  const { log, info } = console;
  console.log = console.info = console.error;
  let server;
  try {
    server = await createServer({ schemas, config, memory: true, watch: false, logRequests: false });
  } catch (e) {
    // broken schemas or config are the contract's to report (it loads them next); anything else is said here
    if (!(e instanceof SchemaErrors) && !(e instanceof ConfigError))
      console.error(`${describeError(e)}\n(the project's code was not read: every route is judged as Strapi's default one)`);
    return none;
  } finally {
    Object.assign(console, { log, info });
  }
  const app = server.runtime().app;
  if (!app) {
    await server.close();
    return none;
  }
  const current = () => server.runtime();
  return { code: { codeOnRoute: codeOnRoute(app, current), effectiveSearch: effectiveSearch(app, current) }, close: () => server.close() };
}

/** `--project-code` of `proxy` and `check`: on unless `--no-project-code`. */
export const PROJECT_CODE_OPTION = {
  type: 'boolean',
  default: true,
  describe:
    "read the project's own routes, middlewares and controllers: where they change a request's query or answer, only what they keep is judged (--no-project-code: every route is Strapi's own)",
} as const;

/** Runs a command with what the project's code does on each request's way (see projectCodeRoutes), then lets it go. */
export async function withProjectCode<T>(
  args: { readonly config?: string; readonly projectCode?: boolean },
  schemas: string,
  run: (code: ProjectCodeView | undefined) => Promise<T>,
): Promise<T> {
  const routes = await projectCodeRoutes(schemas, args.config, args.projectCode !== false);
  try {
    return await run(routes.code);
  } finally {
    await routes.close();
  }
}
