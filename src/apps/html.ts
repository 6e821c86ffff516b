// The views as one HTML string. scripts/bundle.mjs defines __FORGE_VIEWS_HTML__ (the built views);
// this module is imported on first read only, so it costs nothing at start-up.
declare const __FORGE_VIEWS_HTML__: string | undefined;

export const VIEWS_HTML: string | undefined = typeof __FORGE_VIEWS_HTML__ === 'string' ? __FORGE_VIEWS_HTML__ : undefined;
