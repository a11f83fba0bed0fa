import fs from 'node:fs';

/** The SVG pictures in `dir` as the paths they are served at (`urlPrefix` + file name), sorted; none when the folder is missing. */
export function listImagePaths(options: { dir: string; urlPrefix: string }): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(options.dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => /^[a-z0-9-]+\.svg$/.test(name))
    .sort()
    .map((name) => `${options.urlPrefix}${name}`);
}
