import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAgent, grantTestCredits, signInWithWorkspace } from '../../test/agent-fixtures';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { createTestWidget, createTestWidgetDist } from '../../test/widget-fixtures';

/**
 * Property-based fuzzing of every route in the OpenAPI document (and the few hidden ones a browser
 * reaches): wrong types, malformed JSON, huge strings, NUL characters and lone surrogates, 10,000-deep
 * nesting, bad path parameters, query strings and headers. However bad the request, the answer is
 * never a 5xx, and the server still answers /api/health afterwards. Runs as an anonymous caller and
 * as a signed-in owner of a sub account whose real ids are mixed into the path parameters, so the
 * requests get past the guards into the handlers. The seed is fixed; FUZZ_RUNS (cases per route and
 * caller) and FUZZ_SEED widen or vary the search.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  additionalProperties?: boolean | JsonSchema;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type Route = {
  method: string;
  path: string;
  parameters: Parameter[];
  bodySchema: JsonSchema | undefined;
  isRawUpload: boolean;
};
type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
};

const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
const HUGE = 'x'.repeat(600_000);

/** Strings that have broken servers before. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ude80\ud83d',
  '\u{1F680}',
  '\uFEFF',
  '\u202E',
  '%00',
  '%',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '9'.repeat(400),
  '-1',
  'NaN',
  'null',
  'true',
  'https://127.0.0.1:1/',
  'http://[::1]/',
  'javascript:alert(1)',
  'a@b',
  'x'.repeat(70_000),
);
/** Any UTF-16 code units, lone surrogates included. */
const anyCodeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});
const fuzzString = fc.oneof(
  { arbitrary: nastyString, weight: 3 },
  { arbitrary: anyCodeUnits, weight: 2 },
  { arbitrary: fc.string(), weight: 1 },
);
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fuzzString,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 1, 0.5),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 3 }),
);

function sampleString(schema: JsonSchema): fc.Arbitrary<string> {
  const plausible =
    schema.format === 'email'
      ? fc.constant('fuzz@example.com')
      : schema.format === 'uri' || schema.format === 'url'
        ? fc.constantFrom('https://example.com/', 'http://127.0.0.1:1/x')
        : schema.format === 'uuid'
          ? fc.uuid()
          : schema.format === 'date-time'
            ? fc.constant('2026-01-01T00:00:00.000Z')
            : fc.string({
                minLength: schema.minLength ?? 0,
                maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 30, 30)),
              });
  return fc.oneof({ arbitrary: plausible, weight: 3 }, { arbitrary: fuzzString, weight: 1 });
}

/** Mostly valid values for a JSON schema, with wrong types and nasty strings mixed in at any depth. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return wrongValue;
  const wrong = { arbitrary: wrongValue, weight: 1 };
  if (schema.const !== undefined) return fc.oneof({ arbitrary: fc.constant(schema.const), weight: 5 }, wrong);
  if (schema.enum) return fc.oneof({ arbitrary: fc.constantFrom(...schema.enum), weight: 5 }, wrong);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => fromSchema(choice, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0)
    return fromSchema(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let valid: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      valid = sampleString(schema);
      break;
    case 'integer': {
      const min = Math.ceil(Math.max(schema.minimum ?? Math.min(-10, schema.maximum ?? -10), Number.MIN_SAFE_INTEGER));
      const max = Math.floor(Math.min(schema.maximum ?? min + 1000, Number.MAX_SAFE_INTEGER));
      valid = fc.oneof(
        fc.integer({ min: Math.min(min, max), max: Math.max(min, max) }),
        fc.constantFrom(min, max, 2 ** 31, -(2 ** 31)),
      );
      break;
    }
    case 'number': {
      const min = schema.minimum ?? Math.min(-1e6, schema.maximum ?? -1e6);
      const max = schema.maximum ?? min + 2e6;
      valid = fc.oneof(
        fc.double({ noNaN: true, min: Math.min(min, max), max: Math.max(min, max) }),
        fc.constantFrom(1e300, -1e300, 5e-324),
      );
      break;
    }
    case 'boolean':
      valid = fc.boolean();
      break;
    case 'null':
      valid = fc.constant(null);
      break;
    case 'array':
      valid = fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
      break;
    case 'object':
    case undefined: {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const keys = Object.keys(properties);
      if (keys.length === 0) {
        valid = fc.dictionary(fuzzString, wrongValue, { maxKeys: 3 });
        break;
      }
      const record = fc.record(Object.fromEntries(keys.map((key) => [key, fromSchema(properties[key], depth + 1)])), {
        requiredKeys: keys.filter((key) => required.has(key)),
      });
      valid = fc
        .tuple(record, fc.dictionary(fuzzString, wrongValue, { maxKeys: 2 }))
        .map(([known, extra]) => ({ ...extra, ...known }));
      break;
    }
    default:
      valid = wrongValue;
  }
  return fc.oneof({ arbitrary: valid, weight: 6 }, wrong);
}

/** Percent-encodes every code unit as UTF-8 would, and a lone surrogate as its (invalid) 3-byte form. */
function encodeAny(value: string) {
  let out = '';
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    const next = value.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(value[index] ?? '');
    }
  }
  return out;
}

/**
 * Poison: a NUL or a lone surrogate put into every string of one part of an otherwise plausible
 * request (path parameters, query or JSON body), so the bad text reaches past validation.
 */
type Poison = { character: string; target: 'path' | 'query' | 'body' } | null;
const poisonArbitrary: fc.Arbitrary<Poison> = fc.oneof(
  { arbitrary: fc.constant(null), weight: 2 },
  {
    arbitrary: fc.record({
      character: fc.constantFrom('\u0000', '\ud800', '\udfff'),
      target: fc.constantFrom('path' as const, 'query' as const, 'body' as const),
    }),
    weight: 3,
  },
);

function poisonText(text: string, character: string) {
  return `${text.slice(0, 1)}${character}${text.slice(1)}`;
}

function poisonValue(value: unknown, character: string, depth = 0): unknown {
  if (typeof value === 'string') return poisonText(value, character);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((entry: unknown) => poisonValue(entry, character, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      depth === 0 ? key : poisonText(key, character),
      poisonValue(entry, character, depth + 1),
    ]),
  );
}

function toQueryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

function bodyArbitrary(
  route: Route,
  poison: Poison,
): fc.Arbitrary<{ contentType: string | undefined; payload: string | Buffer | undefined }> {
  const json = (text: string) => ({ contentType: 'application/json', payload: text });
  if (route.isRawUpload) {
    return fc.oneof(
      fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => ({ contentType: 'application/octet-stream', payload: Buffer.from(bytes) })),
      fc
        .constantFrom('%PDF-1.4\n%\u00e2\u00e3\n', '\u0089PNG\r\n\u001a\n', 'a,b\n1,2\n')
        .map((text) => ({ contentType: 'text/csv', payload: Buffer.from(text, 'latin1') })),
      fc.constant({ contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\nhello\r\n--x--' }),
    );
  }
  if (poison?.target === 'body')
    return fromSchema(route.bodySchema).map((value) =>
      json(JSON.stringify(poisonValue(value, poison.character)) ?? 'null'),
    );
  return fc.oneof(
    { arbitrary: fromSchema(route.bodySchema).map((value) => json(JSON.stringify(value) ?? 'null')), weight: 8 },
    { arbitrary: wrongValue.map((value) => json(JSON.stringify(value) ?? 'null')), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        json('{"a":'),
        json('['),
        json('nul'),
        json(''),
        json('\uFEFF{}'),
        json('{"__proto__":{"isAdmin":true}}'),
        json('{"constructor":{"prototype":{"isAdmin":true}}}'),
        json('{"a":"\\ud800","\\u0000":"\\u0000"}'),
        json(DEEP_ARRAY),
        json(DEEP_OBJECT),
        json(JSON.stringify({ message: HUGE, name: HUGE })),
        json(`"${'y'.repeat(1_100_000)}"`),
        { contentType: 'text/plain', payload: 'x=y' },
        { contentType: 'application/x-www-form-urlencoded', payload: 'a=b' },
        { contentType: 'application/json; charset=latin1', payload: '{}' },
        { contentType: undefined, payload: undefined },
      ),
      weight: 2,
    },
  );
}

/** Real ids of the signed-in caller, by path parameter name, so requests reach the handlers. */
type Fixtures = Record<string, string>;

function requestArbitrary(route: Route, fixtures: Fixtures, cookie: string | undefined): fc.Arbitrary<FuzzRequest> {
  return poisonArbitrary.chain((poison) => poisonedRequestArbitrary(route, fixtures, cookie, poison));
}

function poisonedRequestArbitrary(
  route: Route,
  fixtures: Fixtures,
  cookie: string | undefined,
  poison: Poison,
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = route.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = route.parameters.filter((parameter) => parameter.in === 'query');
  const headerParameters = route.parameters.filter((parameter) => parameter.in === 'header');
  const pathValues = fc.tuple(
    ...pathParameters.map((parameter) => {
      const real = fixtures[parameter.name];
      const fuzz = fc.oneof(
        fuzzString.filter((value) => value !== ''),
        fc.constantFrom('0', 'does-not-exist', '..'),
      );
      const value = real ? fc.oneof({ arbitrary: fc.constant(real), weight: 3 }, { arbitrary: fuzz, weight: 1 }) : fuzz;
      return poison?.target === 'path' ? value.map((text) => poisonText(text, poison.character)) : value;
    }),
  );
  const plausibleQuery = fc.record(
    Object.fromEntries(queryParameters.map((parameter) => [parameter.name, fromSchema(parameter.schema)])),
    { requiredKeys: [] },
  );
  const query =
    poison?.target === 'query'
      ? plausibleQuery.map((values) =>
          Object.fromEntries(
            Object.entries(values).map(([key, value]) => [key, poisonText(toQueryText(value), poison.character)]),
          ),
        )
      : fc.oneof(
          { arbitrary: plausibleQuery, weight: 4 },
          { arbitrary: fc.dictionary(fuzzString, fuzzString, { maxKeys: 3 }), weight: 1 },
        );
  const headers = fc.record(
    Object.fromEntries(headerParameters.map((parameter) => [parameter.name, fuzzString.map(encodeAny)])),
    { requiredKeys: [] },
  );
  return fc
    .tuple(pathValues, query, headers, bodyArbitrary(route, poison))
    .map(([values, queryValues, headerValues, body]) => {
      let url = route.path;
      pathParameters.forEach((parameter, index) => {
        url = url.replace(`{${parameter.name}}`, encodeAny(values[index] ?? ''));
      });
      const queryText = Object.entries(queryValues)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${encodeAny(key)}=${encodeAny(toQueryText(value))}`)
        .join('&');
      const requestHeaders: Record<string, string> = { ...(headerValues as Record<string, string>) };
      if (cookie) requestHeaders.cookie = cookie;
      const hasBody = route.method !== 'GET' && route.method !== 'HEAD' && body.payload !== undefined;
      if (hasBody && body.contentType) requestHeaders['content-type'] = body.contentType;
      return {
        method: route.method,
        url: queryText ? `${url}?${queryText}` : url,
        headers: requestHeaders,
        payload: hasBody ? body.payload : undefined,
      };
    });
}

/**
 * Cases every run includes whatever the seed: the route's plausible request with a NUL in each
 * part it has (path, query, body), a lone surrogate in the body, and a 10,000-deep body.
 */
function toExamples(route: Route, fixtures: Fixtures, cookie: string | undefined): [FuzzRequest][] {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE' && !route.isRawUpload;
  const poisons: NonNullable<Poison>[] = [];
  if (route.parameters.some((parameter) => parameter.in === 'path'))
    poisons.push({ character: '\u0000', target: 'path' });
  if (route.parameters.some((parameter) => parameter.in === 'query'))
    poisons.push({ character: '\u0000', target: 'query' });
  if (hasBody) poisons.push({ character: '\u0000', target: 'body' }, { character: '\ud800', target: 'body' });
  const examples = poisons.map((poison): [FuzzRequest] => [
    sampleOne(poisonedRequestArbitrary(route, fixtures, cookie, poison)),
  ]);
  const plain = sampleOne(poisonedRequestArbitrary(route, fixtures, cookie, null));
  if (hasBody)
    examples.push([
      { ...plain, headers: { ...plain.headers, 'content-type': 'application/json' }, payload: DEEP_ARRAY },
    ]);
  return examples;
}

/** One value with the real fixture ids (weighted 3 to 1), so the seed decides as little as possible. */
function sampleOne<T>(arbitrary: fc.Arbitrary<T>): T {
  const [value] = fc.sample(arbitrary, { seed: SEED, numRuns: 1 });
  if (value === undefined) throw new Error('fast-check produced no sample');
  return value;
}

/** Routes outside the OpenAPI document that browsers still reach. */
const HIDDEN_ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-in/magic-link',
    parameters: [],
    bodySchema: {
      type: 'object',
      properties: { email: { type: 'string', format: 'email' }, callbackURL: { type: 'string' } },
    },
    isRawUpload: false,
  },
  {
    method: 'GET',
    path: '/shared/{demoId}',
    parameters: [
      { name: 'demoId', in: 'path' },
      { name: 'embed', in: 'query', schema: { enum: ['true'] } },
    ],
    bodySchema: undefined,
    isRawUpload: false,
  },
  {
    method: 'GET',
    path: '/widget/{widgetId}',
    parameters: [{ name: 'widgetId', in: 'path' }],
    bodySchema: undefined,
    isRawUpload: false,
  },
  {
    method: 'GET',
    path: '/widget/{widgetId}/widget.js',
    parameters: [
      { name: 'widgetId', in: 'path' },
      { name: 'widgetId', in: 'query' },
    ],
    bodySchema: undefined,
    isRawUpload: false,
  },
  {
    method: 'GET',
    path: '/api/billing/local-checkout/{sessionId}',
    parameters: [{ name: 'sessionId', in: 'path' }],
    bodySchema: undefined,
    isRawUpload: false,
  },
  {
    method: 'POST',
    path: '/api/billing/local-checkout/{sessionId}/pay',
    parameters: [{ name: 'sessionId', in: 'path' }],
    bodySchema: { type: 'object', properties: { outcome: { enum: ['pay', 'decline'] } } },
    isRawUpload: false,
  },
];

function listRoutes(document: { paths?: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = operation.requestBody?.content ?? {};
      const bodySchema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        bodySchema,
        isRawUpload: path === '/api/files' && method === 'post',
      });
    }
  }
  // Deleting the fixtures early would hide the routes behind them: destructive calls go last.
  return [...routes, ...HIDDEN_ROUTES].sort(
    (left, right) => Number(left.method === 'DELETE') - Number(right.method === 'DELETE'),
  );
}

describe('API fuzz: no request makes the server answer 5xx', () => {
  let app: TestApp;
  let close: () => Promise<void>;
  let routes: Route[];
  let signedIn: { cookie: string; fixtures: Fixtures };
  const widgetDist = createTestWidgetDist();

  beforeAll(async () => {
    // ENCRYPTION_KEY: without it saving a provider key is a deliberate 500 (a server misconfiguration).
    const created = await createTestApp({
      ENCRYPTION_KEY: 'ab'.repeat(32),
      WIDGET_DIST_DIR: widgetDist.dir,
      DEMO_RATE_LIMIT_PER_MINUTE: '100000',
      WIDGET_RATE_LIMIT_PER_MINUTE: '100000',
      WIDGET_IP_RATE_LIMIT_PER_MINUTE: '100000',
    });
    app = created.app;
    close = () => created.close();
    routes = listRoutes(app.swagger() as { paths?: Record<string, Record<string, Operation>> });

    const session = await signInWithWorkspace(app, 'fuzz-owner@example.com');
    await grantTestCredits(app, session.userId, 1_000_000);
    const agent = await createTestAgent(app, session);
    const widget = await createTestWidget(app, session, { agentId: agent.buildId });
    const demo = await app.inject({
      method: 'POST',
      url: `/api/subaccounts/${session.subaccountId}/demos`,
      headers: { cookie: session.cookie },
      payload: { name: 'Fuzz', type: 'website', buildId: agent.buildId },
    });
    const demoId = demo.json<{ demoId: string }>().demoId;
    const ids = {
      subaccountId: session.subaccountId,
      agentId: agent.buildId,
      buildId: agent.buildId,
      assistantId: agent.assistantId,
      connectionId: widget.connectionId,
      widgetId: widget.connectionId,
      demoId,
      userId: session.userId,
      id: agent.buildId,
    };
    signedIn = { cookie: session.cookie, fixtures: ids };
  }, 120_000);

  afterAll(async () => {
    await close();
    widgetDist.remove();
  });

  async function fuzz(cookie: string | undefined, fixtures: Fixtures) {
    const failures: string[] = [];
    for (const route of routes) {
      try {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(route, fixtures, cookie), async (request) => {
            const response = await app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: request.headers,
              payload: request.payload,
            });
            if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true, examples: toExamples(route, fixtures, cookie) },
        );
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? ` -> ${error.cause.message}` : '';
        failures.push(
          `${route.method} ${route.path}: ${error instanceof Error ? error.message.slice(0, 1500) : String(error)}${cause}`,
        );
      }
    }
    return failures;
  }

  it('covers the whole API', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it('as an anonymous caller (with the public ids: a widget and a shared demo)', async () => {
    const { widgetId = '', demoId = '' } = signedIn.fixtures;
    expect(await fuzz(undefined, { widgetId, demoId })).toEqual([]);
  }, 300_000);

  it('as a signed-in owner of a sub account, with real ids in the path', async () => {
    expect(await fuzz(signedIn.cookie, signedIn.fixtures)).toEqual([]);
  }, 300_000);

  it('still answers /api/health afterwards', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
