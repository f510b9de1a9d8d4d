import type SharpModule from 'sharp';

// sharp is loaded on first use: serving JSON never pays for libvips, and a machine where its prebuilt binary is
// missing still serves everything else (placeholders fall back to SVG, uploads to no formats).

export type Sharp = typeof SharpModule;

let loading: Promise<Sharp | undefined> | undefined;

export function loadSharp(): Promise<Sharp | undefined> {
  loading ??= import('sharp').then(
    (m) => m.default,
    () => undefined,
  );
  return loading;
}
