import type { onRequestHookHandler } from 'fastify';
import { AppError } from './app-error';
import { isLoopbackAddress, isLoopbackHost } from './is-loopback';

/** Headers a proxy or a tunnel (ngrok, cloudflared, nginx) adds for the client it relays. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'true-client-ip'];

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
