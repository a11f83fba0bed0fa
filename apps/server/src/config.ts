import { z } from 'zod';
import path from 'node:path';
import { defaultWebDistDir } from './paths';

/**
 * The only file that reads process.env. Parsed once; a bad value stops start-up with a
 * message naming the variable.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const emailList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    PUBLIC_URL: z.url({ message: 'PUBLIC_URL must be an absolute URL such as https://app.example.com' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://').optional(),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
    MAIL_FROM: z.string().default('Agentry <no-reply@agentry.local>'),
    DIRECT_LOGIN_EMAILS: emailList,
    STRIPE_SECRET_KEY: z.string().optional(),
    OPENAI_API_KEY: z.string().optional(),
    OPENROUTER_API_KEY: z.string().optional(),
    OPENAI_BASE_URL: z.url().optional(),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: booleanFlag,
  })
  .superRefine((env, ctx) => {
    if (env.PUBLIC_URL && !isLoopbackUrl(env.PUBLIC_URL)) {
      if (!env.AUTH_SECRET) ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET is required when PUBLIC_URL is a public address' });
      if (!env.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required when PUBLIC_URL is a public address (sign-in links are e-mailed)' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together' });
    }
  });

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  authSecret: string;
  google: { clientId: string; clientSecret: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Dev mailbox: only without SMTP and only on a loopback PUBLIC_URL (never on a public deployment). */
  isDevMailboxEnabled: boolean;
  directLoginEmails: string[];
  stripeSecretKey: string | undefined;
  llm: { openaiApiKey: string | undefined; openrouterApiKey: string | undefined; openaiBaseUrl: string | undefined };
  webDistDir: string;
  trustProxy: boolean;
};

export class ConfigError extends Error {
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEV_AUTH_SECRET = 'agentry-development-secret-change-me-0000';

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`));
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    publicUrl,
    logLevel: env.LOG_LEVEL,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    authSecret: env.AUTH_SECRET ?? DEV_AUTH_SECRET,
    google: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    isDevMailboxEnabled: !env.SMTP_URL && isLoopbackUrl(publicUrl),
    directLoginEmails: env.DIRECT_LOGIN_EMAILS,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    llm: { openaiApiKey: env.OPENAI_API_KEY, openrouterApiKey: env.OPENROUTER_API_KEY, openaiBaseUrl: env.OPENAI_BASE_URL },
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? defaultWebDistDir),
    trustProxy: env.TRUST_PROXY,
  };
}

function isLoopbackUrl(url: string) {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
}
