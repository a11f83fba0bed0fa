import { fileURLToPath } from 'node:url';

// This file sits one level below apps/server both as source (src/paths.ts) and once bundled
// (dist/main.js), so '..' is the server's folder either way.
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const defaultWidgetDistDir = fileURLToPath(new URL('../../widget/dist', import.meta.url));
