import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const WidgetManifest = z.object({
  'app.js': z.string().regex(/^[\w.-]+$/),
  'app.css': z
    .string()
    .regex(/^[\w.-]+$/)
    .optional(),
});
export type WidgetAssets = { js: string; css: string | undefined };

/**
 * Reads the widget build (`<distDir>/manifest.json`, `<distDir>/loader.js`) once and keeps it
 * in memory; a file is read again only when its modification time changes (a rebuild while
 * the server runs). A missing build reads as null.
 */
export function createWidgetDistReader(distDir: string) {
  const cached = new Map<string, { mtimeMs: number; value: unknown }>();
  function readCached<T>(file: string, parse: (text: string) => T): T | null {
    const filePath = path.join(distDir, file);
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(filePath).mtimeMs;
    } catch {
      return null;
    }
    const hit = cached.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.value as T;
    const value = parse(fs.readFileSync(filePath, 'utf8'));
    cached.set(file, { mtimeMs, value });
    return value;
  }
  return {
    assetsDir: path.join(distDir, 'app'),
    readAssets(): WidgetAssets | null {
      return readCached('manifest.json', (text) => {
        const manifest = WidgetManifest.safeParse(JSON.parse(text));
        return manifest.success ? { js: manifest.data['app.js'], css: manifest.data['app.css'] } : null;
      });
    },
    readLoader(): string | null {
      return readCached('loader.js', (text) => text);
    },
    /** The website block's loader (dist/block.js), with the same placeholder. */
    readBlockLoader(): string | null {
      return readCached('block.js', (text) => text);
    },
  };
}
export type WidgetDistReader = ReturnType<typeof createWidgetDistReader>;
