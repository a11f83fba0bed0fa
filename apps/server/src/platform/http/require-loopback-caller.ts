import type { onRequestHookHandler } from 'fastify';
import { AppError } from './app-error';

/**
 * True for 127.0.0.0/8, ::1 and IPv4-mapped 127.x (::ffff:127.0.0.1). Anything else, and a
 * missing address, is not loopback.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const normalized = address.toLowerCase();
  if (normalized === '::1' || normalized === '0:0:0:0:0:0:0:1') return true;
  const ipv4 = normalized.startsWith('::ffff:') ? normalized.slice('::ffff:'.length) : normalized;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

/** Headers a proxy or a tunnel (ngrok, cloudflared, nginx) adds for the client it relays. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'true-client-ip'];

/** A Host header naming this machine: localhost, 127.0.0.0/8 or [::1], with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || isLoopbackAddress(name);
}

/**
 * Route option (`onRequest`) for developer tools (dev mailbox, test clock, simulators): only a
 * client on this machine may call them. It reads the TCP peer address of the socket, never
 * `request.ip`, so neither X-Forwarded-For nor TRUST_PROXY can make a remote caller look local;
 * and a local socket counts only without forwarding headers (a tunnel or proxy on this machine
 * relays someone else) and with a Host naming this machine (a page whose name was rebound to
 * 127.0.0.1 sends its own).
 */
export const requireLoopbackCaller: onRequestHookHandler = (request, _reply, done) => {
  const isRelayed = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (!isLoopbackAddress(request.raw.socket.remoteAddress) || isRelayed || !isLoopbackHost(request.headers.host)) {
    done(new AppError('LOOPBACK_ONLY'));
    return;
  }
  done();
};
