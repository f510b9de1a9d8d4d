import express from 'express';
import { describe, expect, test } from 'vitest';
import { registerPluginRoutes } from '../../src/mock/plugins/register-plugin-routes.js';
import { PLUGIN_PATHS } from '../../src/mock/plugins/mount-plugin-routes.js';
import type { Runtime } from '../../src/mock/runtime.js';

describe('plugin routes mounted on first use', () => {
  test('every path registerPluginRoutes registers is one the lazy mount passes on to them', () => {
    const paths: string[] = [];
    const record = (path: string) => {
      paths.push(path);
      return app;
    };
    const app = { get: record, post: record, put: record, delete: record, all: record } as unknown as express.Express;
    registerPluginRoutes(app, () => ({}) as Runtime);
    expect(paths.length).toBeGreaterThan(10);
    // a path parameter stands for any segment
    const outside = paths.map((p) => p.replace(/:[^/]+/g, 'x')).filter((p) => !PLUGIN_PATHS.test(p));
    expect(outside).toEqual([]);
  });

  test('content paths never wait for the plugin modules', () => {
    for (const path of ['/api/articles', '/api/usersettings', '/api/uploaders/1', '/api/authors', '/uploadsx/a', '/docs'])
      expect(PLUGIN_PATHS.test(path)).toBe(false);
    for (const path of ['/api/users/me', '/API/Users', '/api/upload', '/api/auth/local', '/api/connect/github', '/uploads/a.png'])
      expect(PLUGIN_PATHS.test(path)).toBe(true);
  });
});
