import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig, toFastifyTrustProxy } from './config';

const publicDeployment = {
  PUBLIC_URL: 'https://app.agentry.example',
  AUTH_SECRET: 'a'.repeat(40),
  SMTP_URL: 'smtp://mail.example:587',
};

describe('HOST', () => {
  it('defaults to 127.0.0.1 while the dev mailbox is on (the embedded defaults of npm start)', () => {
    for (const env of [{}, { NODE_ENV: 'production' }, { PUBLIC_URL: 'http://127.0.0.1:3000' }, { HOST: '' }]) {
      const config = loadConfig(env);
      expect(config.isDevMailboxEnabled).toBe(true);
      expect(config.host).toBe('127.0.0.1');
    }
  });

  it('defaults to every interface when the dev mailbox is off', () => {
    expect(loadConfig(publicDeployment).host).toBe('0.0.0.0');
    const withSmtp = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', AUTH_SECRET: 'a'.repeat(32) });
    expect(withSmtp.isDevMailboxEnabled).toBe(false);
    expect(withSmtp.host).toBe('0.0.0.0');
    // Not while the development secret signs.
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).host).toBe('127.0.0.1');
  });

  it('is what HOST says when set explicitly; the dev mailbox stays on (and answers loopback callers only)', () => {
    const config = loadConfig({ HOST: '0.0.0.0', AUTH_SECRET: 'a'.repeat(32) });
    expect(config.host).toBe('0.0.0.0');
    expect(config.isDevMailboxEnabled).toBe(true);
    // Not with the development secret, which is in the repository.
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/AUTH_SECRET is required when HOST \(0.0.0.0\)/);
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]'])
      expect(() => loadConfig({ HOST: host })).not.toThrow();
    expect(loadConfig({ ...publicDeployment, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });
});

describe('PUBLIC_URL', () => {
  it('counts as this computer only for localhost and loopback addresses, never a public name that starts like one', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://127.1.2.3', 'http://[::1]:3000']) {
      const config = loadConfig({ PUBLIC_URL: url });
      expect(config.billing.isLocalTestModeAllowed, url).toBe(true);
    }
    for (const url of ['https://127.example.com', 'https://localhost.example.com', 'https://127.0.0.1.nip.io']) {
      // A public address: the dev mailbox and the TEST MODE tools stay off, and sign-in needs real e-mail.
      expect(() => loadConfig({ PUBLIC_URL: url }), url).toThrow(/AUTH_SECRET/);
      const config = loadConfig({ PUBLIC_URL: url, AUTH_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail.example.com' });
      expect(config.billing.isLocalTestModeAllowed, url).toBe(false);
      expect(config.trustedOrigins, url).toEqual([new URL(url).origin]);
    }
  });
});

describe('LLM_MODEL_PRICES and LLM_DEFAULT_MODEL', () => {
  it('refuses a default model that platform credits could not charge, unless its price is given', () => {
    const billed = { OPENAI_API_KEY: 'sk-platform', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' };
    expect(() => loadConfig({ ...billed, LLM_DEFAULT_MODEL: 'llama3.1' })).toThrow(/LLM_DEFAULT_MODEL/);
    const priced = loadConfig({
      ...billed,
      LLM_DEFAULT_MODEL: 'llama3.1',
      LLM_MODEL_PRICES: '{"llama3.1": {"input": 0.2, "output": 0.6}}',
    });
    expect(priced.llm.modelPrices).toEqual({ 'llama3.1': { inputUsdPerMillion: 0.2, outputUsdPerMillion: 0.6 } });
    // A keyless server costs no credits: any model.
    expect(() =>
      loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1', LLM_DEFAULT_MODEL: 'llama3.1' }),
    ).not.toThrow();
    // The keyless server is the default provider even beside an OpenRouter key; OpenRouter agents get its own default model.
    expect(() =>
      loadConfig({
        OPENROUTER_API_KEY: 'sk-or',
        OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1',
        LLM_DEFAULT_MODEL: 'llama3.1',
      }),
    ).not.toThrow();
    expect(() => loadConfig({ OPENROUTER_API_KEY: 'sk-or', LLM_DEFAULT_MODEL: 'llama3.1' })).toThrow(
      /LLM_DEFAULT_MODEL/,
    );
    expect(() => loadConfig({ ...billed, LLM_MODEL_PRICES: '{"x": {"input": -1, "output": 1}}' })).toThrow(
      /LLM_MODEL_PRICES/,
    );
    expect(() => loadConfig({ ...billed, LLM_MODEL_PRICES: 'not json' })).toThrow(/LLM_MODEL_PRICES/);
  });
});

describe('trustedOrigins', () => {
  it('trusts both loopback names on the same port, in development and under npm start', () => {
    for (const NODE_ENV of ['development', 'production']) {
      const origins = loadConfig({ NODE_ENV, PUBLIC_URL: 'http://localhost:3000' }).trustedOrigins;
      expect(origins).toEqual(
        expect.arrayContaining(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']),
      );
      expect(origins).not.toContain('http://localhost:3001');
    }
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }).trustedOrigins).toEqual(
      expect.arrayContaining(['http://localhost:4000', 'http://127.0.0.1:4000']),
    );
  });

  it('adds the Vite dev server outside production only', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).trustedOrigins).toEqual(
      expect.arrayContaining(['http://localhost:5173', 'http://127.0.0.1:5173']),
    );
    expect(loadConfig({ NODE_ENV: 'production' }).trustedOrigins).not.toContain('http://localhost:5173');
  });

  it('is only the public origin on a public address', () => {
    expect(loadConfig({ ...publicDeployment, NODE_ENV: 'development' }).trustedOrigins).toEqual([
      'https://app.agentry.example',
    ]);
  });
});

describe('TRUST_PROXY', () => {
  it("is off by default, one hop for true, a hop count, or the proxies' addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toBe('loopback,uniquelocal');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY must be/);
  });

  it('takes the address our load balancer saw, never one the client wrote into X-Forwarded-For', async () => {
    for (const TRUST_PROXY of ['true', '10.0.0.0/8']) {
      const app = Fastify({ trustProxy: toFastifyTrustProxy(loadConfig({ TRUST_PROXY }).trustProxy) });
      app.get('/ip', (request) => ({ ip: request.ip }));
      // The client sent its own header; the load balancer (10.0.0.1) added the address it saw.
      const response = await app.inject({
        url: '/ip',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
      });
      expect(response.json()).toEqual({ ip: '203.0.113.7' });
      await app.close();
    }
  });
});
