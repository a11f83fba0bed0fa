import path from 'node:path';
import { z } from 'zod';
import { isModelInPriceTable, type ModelPrice } from '@agentry/core/llm';
import { defaultWebDistDir, defaultWidgetDistDir } from './paths';
import { isLoopbackHost } from './platform/http/is-loopback';

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

/** LLM_MODEL_PRICES: {"model": {"input": 0.2, "output": 0.6}}, US dollars per million tokens. */
const OperatorModelPrices = z
  .record(
    z.string().trim().min(1),
    z.object({ input: z.number().finite().min(0), output: z.number().finite().min(0) }).strict(),
  )
  .transform((prices): Record<string, ModelPrice> =>
    Object.fromEntries(
      Object.entries(prices).map(([model, price]) => [
        model,
        { inputUsdPerMillion: price.input, outputUsdPerMillion: price.output },
      ]),
    ),
  );

function parseJsonOrUndefined(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** A model platform credits can charge: in the price table, or priced by the operator. */
function isPricedModel(model: string, operatorPrices: Readonly<Record<string, ModelPrice>>): boolean {
  const name = model.trim().toLowerCase();
  const withoutVendor = name.slice(name.lastIndexOf('/') + 1);
  const operatorNames = new Set(Object.keys(operatorPrices).map((key) => key.trim().toLowerCase()));
  return isModelInPriceTable(model) || operatorNames.has(name) || operatorNames.has(withoutVendor);
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Unset: 127.0.0.1 while the dev mailbox is on (it holds everyone's sign-in links) or AUTH_SECRET is unset, else 0.0.0.0. */
    HOST: z.string().trim().optional(),
    DATA_DIR: z.string().default('./data'),
    PUBLIC_URL: z.url({ message: 'PUBLIC_URL must be an absolute URL such as https://app.example.com' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Agentry <no-reply@agentry.local>'),
    DIRECT_LOGIN_EMAILS: emailList,
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Tests and offline development: a Stripe-compatible server such as http://127.0.0.1:12111. */
    STRIPE_API_BASE: z
      .url({ message: 'STRIPE_API_BASE must be an absolute URL such as http://127.0.0.1:12111' })
      .optional(),
    /** Tests and offline development: a Twilio-compatible server such as http://127.0.0.1:12112. */
    TWILIO_API_BASE: z
      .url({ message: 'TWILIO_API_BASE must be an absolute URL such as http://127.0.0.1:12112' })
      .optional(),
    /** Catalogue key to Stripe price id: JSON object or 'growth_3000_month=price_123,growth_3000_year=price_456'. */
    STRIPE_PRICE_IDS: z.string().optional(),
    OPENAI_API_KEY: z.string().optional(),
    OPENROUTER_API_KEY: z.string().optional(),
    OPENAI_BASE_URL: z.url().optional(),
    OPENROUTER_BASE_URL: z.url().optional(),
    LLM_DEFAULT_MODEL: z.string().trim().min(1).optional(),
    LLM_MODEL_PRICES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value?.trim()) return {};
        const parsed = OperatorModelPrices.safeParse(parseJsonOrUndefined(value));
        if (parsed.success) return parsed.data;
        ctx.addIssue({
          code: 'custom',
          message:
            'LLM_MODEL_PRICES must be JSON like {"my-model": {"input": 0.2, "output": 0.6}} (US dollars per million tokens, 0 or more)',
        });
        return z.NEVER;
      }),
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    ENCRYPTION_KEY: z
      .string()
      .optional()
      .refine((value) => value === undefined || value === '' || parseEncryptionKey(value) !== undefined, {
        message: 'ENCRYPTION_KEY must be 32 bytes written as 64 hex characters or base64 (openssl rand -hex 32)',
      }),
    QUEUE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'QUEUE_PREFIX may hold letters, digits, - and _')
      .optional(),
    /** Tests only: lets tools and provider base URLs reach loopback servers (the fakes). */
    TEST_ALLOW_LOOPBACK_URLS: booleanFlag,
    WEB_DIST_DIR: z.string().optional(),
    /** The built website widget (loader.js, manifest.json, app/); default apps/widget/dist. */
    WIDGET_DIST_DIR: z.string().optional(),
    /** Website widget chat: messages per minute per visitor, and per IP address per widget. */
    WIDGET_RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1, 'WIDGET_RATE_LIMIT_PER_MINUTE must be at least 1')
      .max(10_000_000)
      .default(20),
    WIDGET_IP_RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1, 'WIDGET_IP_RATE_LIMIT_PER_MINUTE must be at least 1')
      .max(10_000_000)
      .default(60),
    /**
     * Which proxies' X-Forwarded-For to believe: a hop count, or their addresses (CIDR ranges,
     * comma-separated). `true` is one hop. Never "every hop": a client writes the left of the header.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, context) => {
        const text = (value ?? '').trim();
        if (text === '' || text === 'false' || text === '0') return false;
        if (text === 'true') return 1;
        if (/^\d+$/.test(text)) return Number(text);
        const addresses = text.split(',').map((part) => part.trim());
        const isAddress = (part: string) =>
          /^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(part) || ['loopback', 'linklocal', 'uniquelocal'].includes(part);
        if (addresses.every(isAddress)) return addresses.join(',');
        context.addIssue({
          code: 'custom',
          message: 'TRUST_PROXY must be false, true (one proxy), a number of proxies, or their addresses',
        });
        return z.NEVER;
      }),
    /** Sign-in e-mails (magic links, direct login) per address, and per IP address, per 15 minutes. */
    SIGN_IN_RATE_LIMIT_PER_EMAIL: z.coerce
      .number()
      .int()
      .min(1, 'SIGN_IN_RATE_LIMIT_PER_EMAIL must be at least 1')
      .max(100_000)
      .default(5),
    SIGN_IN_RATE_LIMIT_PER_IP: z.coerce
      .number()
      .int()
      .min(1, 'SIGN_IN_RATE_LIMIT_PER_IP must be at least 1')
      .max(1_000_000)
      .default(30),
    /** Anonymous address lookups (check-user, check-linked-access, pre-register) per IP address per minute. */
    SIGN_IN_LOOKUP_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1, 'SIGN_IN_LOOKUP_LIMIT_PER_MINUTE must be at least 1')
      .max(1_000_000)
      .default(30),
    MARKETPLACE_DAILY_PROJECT_LIMIT: z.coerce
      .number()
      .int()
      .min(1, 'MARKETPLACE_DAILY_PROJECT_LIMIT must be at least 1')
      .max(1000)
      .default(2),
    /** Anonymous demo visitors: requests per minute per IP (demo chat, shared demo, embed check). */
    DEMO_RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1, 'DEMO_RATE_LIMIT_PER_MINUTE must be at least 1')
      .max(100_000)
      .default(30),
    /** Local-disk file storage (uploads); default <DATA_DIR>/uploads. Unused when S3 is configured. */
    STORAGE_DIR: z.string().optional(),
    /** What one user's uploaded files may take up in all, in megabytes. */
    UPLOAD_QUOTA_MB_PER_USER: z.coerce
      .number()
      .int()
      .min(1, 'UPLOAD_QUOTA_MB_PER_USER must be at least 1')
      .max(10_000_000)
      .default(1024),
    /** S3-compatible storage (AWS S3, R2, MinIO), path-style: <S3_ENDPOINT>/<S3_BUCKET>/<key>. */
    S3_ENDPOINT: z
      .url({ message: 'S3_ENDPOINT must be an absolute URL such as https://s3.eu-west-1.amazonaws.com' })
      .optional(),
    S3_BUCKET: z.string().trim().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    /** Instagram and Messenger: the Graph API (tests point it at a fake on loopback). */
    META_GRAPH_BASE_URL: z
      .url({ message: 'META_GRAPH_BASE_URL must be an absolute URL such as https://graph.facebook.com/v21.0' })
      .default('https://graph.facebook.com/v21.0'),
    /** Where 'Continue with Facebook' sends the browser (the OAuth dialog lives at <this>/dialog/oauth). */
    META_DIALOG_BASE_URL: z
      .url({ message: 'META_DIALOG_BASE_URL must be an absolute URL such as https://www.facebook.com/v21.0' })
      .default('https://www.facebook.com/v21.0'),
  })
  .superRefine((env, ctx) => {
    if (env.PUBLIC_URL && !isLoopbackUrl(env.PUBLIC_URL)) {
      if (!env.AUTH_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['AUTH_SECRET'],
          message: 'AUTH_SECRET is required when PUBLIC_URL is a public address',
        });
      if (!env.SMTP_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message: 'SMTP_URL is required when PUBLIC_URL is a public address (sign-in links are e-mailed)',
        });
    }
    // The development secret is in this repository: whatever other machines can reach must not sign with it
    // (the TEST MODE webhooks of SMS and DMs are signed with keys derived from it).
    if (env.HOST && !isLoopbackHost(env.HOST) && !env.AUTH_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: `AUTH_SECRET is required when HOST (${env.HOST}) lets other machines connect (openssl rand -hex 32)`,
      });
    // Calls with a platform key cost credits, at a price the table (or the operator) must give.
    // LLM_DEFAULT_MODEL belongs to the default provider (the order of defaultProvider): a keyless
    // OPENAI_BASE_URL comes before OpenRouter and costs nothing.
    const defaultProviderBilled = Boolean(env.OPENAI_API_KEY || (!env.OPENAI_BASE_URL && env.OPENROUTER_API_KEY));
    if (defaultProviderBilled && env.LLM_DEFAULT_MODEL && !isPricedModel(env.LLM_DEFAULT_MODEL, env.LLM_MODEL_PRICES)) {
      ctx.addIssue({
        code: 'custom',
        path: ['LLM_DEFAULT_MODEL'],
        message: `LLM_DEFAULT_MODEL ${env.LLM_DEFAULT_MODEL} has no price, so calls on the platform key could not be charged: choose a model of the price table or give its price in LLM_MODEL_PRICES`,
      });
    }
    if (env.TEST_ALLOW_LOOPBACK_URLS && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_ALLOW_LOOPBACK_URLS'],
        message: 'TEST_ALLOW_LOOPBACK_URLS is only allowed when NODE_ENV=test',
      });
    }
    parseStripePriceIds(env.STRIPE_PRICE_IDS, () =>
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PRICE_IDS'],
        message: 'STRIPE_PRICE_IDS must be a JSON object or key=price_id pairs separated by commas',
      }),
    );
    const s3Values = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3Values.some(Boolean) && !s3Values.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ENDPOINT'],
        message: 'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      });
    }
  });

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /**
   * Origins whose browsers may call the auth API: PUBLIC_URL, and on a loopback PUBLIC_URL the
   * same port under every loopback name (users type localhost or 127.0.0.1), plus the Vite dev
   * server outside production.
   */
  trustedOrigins: string[];
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
  billing: {
    stripeWebhookSecret: string | undefined;
    stripeApiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
    /** Catalogue key -> Stripe price id. */
    stripePriceIds: Record<string, string>;
    /** A live key (sk_live_/rk_live_): price ids are reported as live ones. */
    isStripeLive: boolean;
    /** The local provider's test payments and adjustable clock: never on a public PUBLIC_URL. */
    isLocalTestModeAllowed: boolean;
  };
  /** SMS and WhatsApp connections (each brings its own Twilio credentials). */
  sms: {
    /** Requests the `twilio` package makes go here instead of api.twilio.com (the tests' fake). */
    twilioApiBase: string | undefined;
    /** The phone simulator (/dev/phone) for TEST MODE connections: only on a loopback PUBLIC_URL. */
    isPhoneSimulatorEnabled: boolean;
  };
  llm: {
    openaiApiKey: string | undefined;
    openrouterApiKey: string | undefined;
    openaiBaseUrl: string | undefined;
    openrouterBaseUrl: string;
    /** The model new agents get; unset: the provider's own default. */
    defaultModel: string | undefined;
    /** LLM_MODEL_PRICES: the operator's prices, added to the price table at start-up. */
    modelPrices: Readonly<Record<string, ModelPrice>>;
    requestTimeoutMs: number;
    /** Tests only (NODE_ENV=test): loopback destinations pass the SSRF guard. */
    allowLoopbackUrls: boolean;
  };
  /** AES-256-GCM key for stored provider keys; saving a key without it fails with CONFIG_ERROR. */
  encryptionKey: Buffer | undefined;
  /** BullMQ key prefix; tests give every app its own so workers never take another app's jobs. */
  queuePrefix: string | undefined;
  webDistDir: string;
  widgetDistDir: string;
  /** Website widget chat rate limits (messages per minute). */
  widget: { visitorMessagesPerMinute: number; ipMessagesPerMinute: number };
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string;
  /** Sign-in e-mails per 15 minutes: per address and per IP address. */
  signIn: { emailsPerAddress: number; emailsPerIp: number; lookupsPerIpPerMinute: number };
  marketplace: { dailyProjectLimit: number };
  /** Anonymous demo visitors: requests per minute per IP. */
  demos: { visitorRateLimitPerMinute: number };
  /** Instagram and Messenger (Meta's Graph API). */
  meta: { graphBaseUrl: string; dialogBaseUrl: string };
  /** Uploaded files: local disk under `dir`, or the S3-compatible bucket when `s3` is set. */
  storage: {
    dir: string;
    /** The bytes one user's uploaded files may take up in all. */
    quotaBytesPerUser: number;
    s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string } | undefined;
  };
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
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const isDevMailboxEnabled = !env.SMTP_URL && isLoopbackUrl(publicUrl);
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    // Only this computer while the dev mailbox is on or the development secret signs (HOST opens it).
    host: env.HOST || (isDevMailboxEnabled || !env.AUTH_SECRET ? '127.0.0.1' : '0.0.0.0'),
    dataDir,
    publicUrl,
    trustedOrigins: listTrustedOrigins(publicUrl, isProduction),
    logLevel: env.LOG_LEVEL,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    authSecret: env.AUTH_SECRET ?? DEV_AUTH_SECRET,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    isDevMailboxEnabled,
    directLoginEmails: env.DIRECT_LOGIN_EMAILS,
    stripeSecretKey: env.STRIPE_SECRET_KEY,
    billing: {
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: env.STRIPE_API_BASE ? toStripeApiBase(env.STRIPE_API_BASE) : undefined,
      stripePriceIds: parseStripePriceIds(env.STRIPE_PRICE_IDS),
      isStripeLive: /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? ''),
      isLocalTestModeAllowed: isLoopbackUrl(publicUrl),
    },
    sms: { twilioApiBase: env.TWILIO_API_BASE?.replace(/\/$/, ''), isPhoneSimulatorEnabled: isLoopbackUrl(publicUrl) },
    llm: {
      openaiApiKey: env.OPENAI_API_KEY,
      openrouterApiKey: env.OPENROUTER_API_KEY,
      openaiBaseUrl: env.OPENAI_BASE_URL,
      openrouterBaseUrl: env.OPENROUTER_BASE_URL ?? 'https://openrouter.ai/api/v1',
      defaultModel: env.LLM_DEFAULT_MODEL,
      modelPrices: env.LLM_MODEL_PRICES,
      requestTimeoutMs: env.LLM_TIMEOUT_MS,
      allowLoopbackUrls: env.TEST_ALLOW_LOOPBACK_URLS,
    },
    encryptionKey: env.ENCRYPTION_KEY ? parseEncryptionKey(env.ENCRYPTION_KEY) : undefined,
    queuePrefix: env.QUEUE_PREFIX,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? defaultWebDistDir),
    widgetDistDir: path.resolve(env.WIDGET_DIST_DIR ?? defaultWidgetDistDir),
    widget: {
      visitorMessagesPerMinute: env.WIDGET_RATE_LIMIT_PER_MINUTE,
      ipMessagesPerMinute: env.WIDGET_IP_RATE_LIMIT_PER_MINUTE,
    },
    trustProxy: env.TRUST_PROXY,
    signIn: {
      emailsPerAddress: env.SIGN_IN_RATE_LIMIT_PER_EMAIL,
      emailsPerIp: env.SIGN_IN_RATE_LIMIT_PER_IP,
      lookupsPerIpPerMinute: env.SIGN_IN_LOOKUP_LIMIT_PER_MINUTE,
    },
    marketplace: { dailyProjectLimit: env.MARKETPLACE_DAILY_PROJECT_LIMIT },
    demos: { visitorRateLimitPerMinute: env.DEMO_RATE_LIMIT_PER_MINUTE },
    meta: {
      graphBaseUrl: env.META_GRAPH_BASE_URL.replace(/\/$/, ''),
      dialogBaseUrl: env.META_DIALOG_BASE_URL.replace(/\/$/, ''),
    },
    storage: {
      dir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'uploads')),
      quotaBytesPerUser: env.UPLOAD_QUOTA_MB_PER_USER * 1024 * 1024,
      s3:
        env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: env.S3_ENDPOINT.replace(/\/$/, ''),
              bucket: env.S3_BUCKET,
              accessKeyId: env.S3_ACCESS_KEY_ID,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY,
              region: env.S3_REGION,
            }
          : undefined,
    },
  };
}

/** 32 bytes as 64 hex characters or as base64; anything else is undefined. */
function parseEncryptionKey(value: string): Buffer | undefined {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : undefined;
}

/** localhost, ::1 or an IPv4 address in 127.0.0.0/8; a name like 127.example.com is a public address. */
export function isLoopbackUrl(url: string) {
  return isLoopbackHost(new URL(url).hostname);
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const VITE_DEV_PORT = 5173;

function listTrustedOrigins(publicUrl: string, isProduction: boolean): string[] {
  const site = new URL(publicUrl);
  if (!isLoopbackUrl(publicUrl)) return [site.origin];
  const withPort = (host: string, port: string) => `${site.protocol}//${host}${port ? `:${port}` : ''}`;
  const origins = [site.origin, ...LOOPBACK_HOSTS.map((host) => withPort(host, site.port))];
  if (!isProduction) origins.push(...LOOPBACK_HOSTS.map((host) => `http://${host}:${VITE_DEV_PORT}`));
  return [...new Set(origins)];
}

function toStripeApiBase(url: string) {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  } as const;
}

function parseStripePriceIds(value: string | undefined, onInvalid?: () => void): Record<string, string> {
  const text = value?.trim();
  if (!text) return {};
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      const result = z.record(z.string(), z.string().min(1)).safeParse(parsed);
      if (result.success) return result.data;
    } catch {
      // reported below
    }
    onInvalid?.();
    return {};
  }
  const entries = text.split(',').map((pair) => pair.split('=').map((part) => part.trim()));
  if (entries.some((entry) => entry.length !== 2 || !entry[0] || !entry[1])) {
    onInvalid?.();
    return {};
  }
  return Object.fromEntries(entries.map(([key, priceId]) => [key ?? '', priceId ?? '']));
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function of the hop (Fastify
 * refuses a bare number): the nearest `hops` proxies are believed, so the client is the address
 * the outermost of them saw. It cannot tell a proxy from a client that reaches the server
 * directly, so it is for servers reachable through their load balancer alone; otherwise list the
 * proxies' addresses.
 */
export function toFastifyTrustProxy(value: AppConfig['trustProxy']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}
