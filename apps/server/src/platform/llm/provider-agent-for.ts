import http from 'node:http';
import https from 'node:https';

/**
 * The connection pools to providers, one per protocol for the whole process: calls to the same
 * host reuse a kept-alive connection (no TCP or TLS handshake per call). An idle connection is
 * closed after 4 s, before the provider's own keep-alive timeout would close it under a request
 * (Node's server default is 5 s; undici's fetch used 4 s too).
 */
const poolOptions = { keepAlive: true, maxSockets: 256, timeout: 4_000 };
const httpAgent = new http.Agent(poolOptions);
const httpsAgent = new https.Agent(poolOptions);

/** The shared keep-alive agent for a URL protocol ('http:' or 'https:'). */
export function providerAgentFor(protocol: string): http.Agent {
  return protocol === 'https:' ? httpsAgent : httpAgent;
}
