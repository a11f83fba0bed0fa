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

/**
 * Route option (`onRequest`) for developer tools (dev mailbox, test clock, simulators): only a
 * client on this machine may call them. It reads the TCP peer address of the socket, never
 * `request.ip`, so neither X-Forwarded-For nor TRUST_PROXY can make a remote caller look local.
 */
export const requireLoopbackCaller: onRequestHookHandler = (request, _reply, done) => {
  if (!isLoopbackAddress(request.raw.socket.remoteAddress)) {
    done(new AppError('LOOPBACK_ONLY'));
    return;
  }
  done();
};
