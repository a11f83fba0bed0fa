import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Runs the repository's own ESLint configuration (the one `npm run lint` uses) on source text
 * placed at real paths, and checks that the import rules report what they promise. Only the
 * import-x rules run and without type information, which keeps this fast; their settings (the
 * TypeScript resolver, the zones, the cycle depth) are the real ones.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/'),
});

const webFeatures = fs
  .readdirSync(path.join(root, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The rule ids ESLint reports for `code` as if it were the file at `filePath`. */
async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  if (result === undefined) throw new Error(`${filePath} was not linted`);
  return result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

describe('import boundaries', () => {
  it('knows more than one web feature', () => {
    expect(webFeatures).toEqual(expect.arrayContaining(['agents', 'billing', 'evaluation']));
  });

  it.each(webFeatures)('forbids the %s feature to import any other feature', async (feature) => {
    const others = webFeatures.filter((other) => other !== feature);
    // Zones match resolved paths, so each import names a real file of the other feature.
    const code = others
      .map((other, index) => {
        const target = firstSourceFile(path.join(root, 'apps/web/src/features', other));
        return `import * as other${index} from '${toWebAlias(target)}';\nvoid other${index};`;
      })
      .join('\n');
    const ruleIds = await ruleIdsFor(`apps/web/src/features/${feature}/lint-probe.ts`, code);
    expect(ruleIds).toEqual(others.map(() => 'import-x/no-restricted-paths'));
  });

  it('lets a feature import its own files and the shared layers', async () => {
    const ruleIds = await ruleIdsFor(
      'apps/web/src/features/agents/lint-probe.ts',
      [
        "import { pollBuilderJobOrThrow } from '../agents/api/builder-job';",
        "import { cn } from '@/lib/cn';",
        "import { Button } from '@/components/ui/button';",
        "import { sleep } from '@agentry/core/sleep';",
        'void pollBuilderJobOrThrow; void cn; void Button; void sleep;',
      ].join('\n'),
    );
    expect(ruleIds).toEqual([]);
  });

  it.each([
    ['apps/web/src/components/lint-probe.ts', "import { AgentsPage } from '@/features/agents/routes/agents-page';"],
    ['apps/web/src/lib/lint-probe.ts', "import { router } from '@/app/router';"],
    ['apps/web/src/features/agents/lint-probe.ts', "import { router } from '@/app/router';"],
    ['apps/web/src/lib/lint-probe.ts', "import { buildApp } from '../../../server/src/app';"],
    ['apps/widget/src/lint-probe.ts', "import { cn } from '../../web/src/lib/cn';"],
    ['packages/core/src/lint-probe.ts', "import { buildApp } from '../../../apps/server/src/app';"],
  ])('forbids %s to import against the direction of the layers (%s)', async (filePath, importLine) => {
    const ruleIds = await ruleIdsFor(filePath, `${importLine}\nexport {};`);
    expect(ruleIds).toContain('import-x/no-restricted-paths');
  });

  it('reports an import the resolver cannot follow instead of checking nothing', async () => {
    const ruleIds = await ruleIdsFor(
      'apps/web/src/lib/lint-probe.ts',
      "import { missing } from '@/lib/no-such-file';\nvoid missing;",
    );
    expect(ruleIds).toEqual(['import-x/no-unresolved']);
  });
});

describe('import cycles', () => {
  it('reports a two-file cycle', async () => {
    // components/ui/button imports lib/cn; lib/cn importing button closes the loop.
    const button = fs.readFileSync(path.join(root, 'apps/web/src/components/ui/button.tsx'), 'utf8');
    expect(button).toContain("from '@/lib/cn'");
    const cn = fs.readFileSync(path.join(root, 'apps/web/src/lib/cn.ts'), 'utf8');
    const ruleIds = await ruleIdsFor(
      'apps/web/src/lib/cn.ts',
      `import { Button } from '@/components/ui/button';\nvoid Button;\n${cn}`,
    );
    expect(ruleIds).toContain('import-x/no-cycle');
  });

  it('does not report the same files without the back edge', async () => {
    const cn = fs.readFileSync(path.join(root, 'apps/web/src/lib/cn.ts'), 'utf8');
    expect(await ruleIdsFor('apps/web/src/lib/cn.ts', cn)).toEqual([]);
  });
});

function firstSourceFile(folder: string): string {
  const file = fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .sort()[0];
  if (file === undefined) throw new Error(`no source file in ${folder}`);
  return path.join(folder, file);
}

function toWebAlias(file: string): string {
  const relative = path.relative(path.join(root, 'apps/web/src'), file).split(path.sep).join('/');
  return `@/${relative.replace(/\.tsx?$/, '')}`;
}
