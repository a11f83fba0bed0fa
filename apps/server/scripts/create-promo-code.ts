// Creates one of our promo codes (bonus credits that never expire). Run from the repository root:
//   npx tsx apps/server/scripts/create-promo-code.ts --code LAUNCH250 --credits 250 [--expires 2026-12-31] [--max 100]
// It uses the same configuration as the server (DATABASE_URL, or the PGlite files under DATA_DIR),
// so stop a PGlite server first: PGlite allows one process at a time.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/config';
import { createPromoCode } from '../src/modules/billing/promo-codes';
import { openDatabase } from '../src/platform/db/database';

const Arguments = z.object({
  code: z.string({ error: 'Pass --code' }).min(1, 'Pass --code'),
  credits: z.coerce
    .number({ error: '--credits must be a positive whole number' })
    .int()
    .positive('--credits must be a positive whole number'),
  expires: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return null;
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        context.addIssue({ code: 'custom', message: '--expires must be a date such as 2026-12-31' });
        return z.NEVER;
      }
      return date;
    }),
  max: z.coerce.number().int().positive('--max must be a positive whole number').optional(),
});

async function main() {
  const { values } = parseArgs({
    options: {
      code: { type: 'string' },
      credits: { type: 'string' },
      expires: { type: 'string' },
      max: { type: 'string' },
    },
  });
  const parsed = Arguments.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => issue.message).join('\n'));
    console.error(
      'Usage: npx tsx apps/server/scripts/create-promo-code.ts --code CODE --credits N [--expires YYYY-MM-DD] [--max N]',
    );
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { code, credits, expires, max } = parsed.data;
    const isNew = await createPromoCode({
      db: database.db,
      code,
      bonusCredits: credits,
      expiresAt: expires,
      maxRedemptions: max ?? null,
    });
    console.log(
      isNew
        ? `Created ${code.trim().toUpperCase()}: ${credits} bonus credits`
        : `${code.trim().toUpperCase()} already exists; left unchanged`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
