import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { assertPublicHttpUrlOrThrow, BLOCKED_ADDRESS_MESSAGE, isPublicAddress } from './ssrf-guard';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.8.8',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback in hex'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['0:0:0:0:0:0:7f00:1', 'IPv4-compatible, zeros written out'],
    ['::ffff:169.254.169.254', 'mapped cloud metadata'],
    ['[::ffff:169.254.169.254]', 'mapped cloud metadata in brackets'],
    ['0:0:0:0:0:ffff:7f00:1', 'mapped loopback, zeros written out'],
    ['::FFFF:7F00:1', 'mapped loopback in capitals'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['64:ff9b::7f00:1', 'NAT64 loopback'],
    ['64:ff9b::127.0.0.1', 'NAT64 loopback, dotted'],
    ['64:ff9b::a00:1', 'NAT64 private'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['fe80::', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone id'],
    ['fe80::1%25eth0', 'link-local with a URL-encoded zone id'],
    ['fc00::', 'unique local'],
    ['::', 'unspecified'],
    ['0.0.0.0', 'IPv4 unspecified'],
    ['0177.0.0.1', 'octal IPv4 (not an address as given)'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('lets loopback through only with the test-only option, and nothing else private', () => {
    expect(isPublicAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('::1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isPublicAddress('169.254.169.254', { allowLoopback: true })).toBe(false);
    expect(isPublicAddress('::ffff:10.0.0.1', { allowLoopback: true })).toBe(false);
  });
});

describe('assertPublicHttpUrlOrThrow', () => {
  async function refusal(url: string) {
    const error = await assertPublicHttpUrlOrThrow(url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }

  it('refuses loopback, private and link-local hosts, by IP and by name', async () => {
    expect(await refusal('http://127.0.0.1:8080/hook')).toBe(BLOCKED_ADDRESS_MESSAGE);
    expect(await refusal('http://localhost/')).toBe(BLOCKED_ADDRESS_MESSAGE);
    expect(await refusal('http://[::1]/')).toBe(BLOCKED_ADDRESS_MESSAGE);
    expect(await refusal('http://[::ffff:127.0.0.1]/')).toBe(BLOCKED_ADDRESS_MESSAGE);
    expect(await refusal('http://169.254.169.254/latest/meta-data/')).toBe(BLOCKED_ADDRESS_MESSAGE);
    expect(await refusal('http://2130706433/')).toBe(BLOCKED_ADDRESS_MESSAGE);
  });

  it.each([
    'http://[::127.0.0.1]:8080/',
    'http://[::ffff:127.0.0.1]:8080/',
    'http://[::ffff:7f00:1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[64:ff9b::a00:1]/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[fe80::]/',
    'http://[fc00::]/',
    'http://[::]/',
    'http://0.0.0.0:8080/',
    'http://0177.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://017700000001/',
  ])('refuses the URL %s as a private address', async (url) => {
    expect(await refusal(url)).toBe(BLOCKED_ADDRESS_MESSAGE);
  });

  it('refuses a URL with an IPv6 zone id', async () => {
    // The URL standard has no zone ids: such a URL is refused before any address check.
    expect(await refusal('http://[fe80::1%25eth0]/')).toBe('Only http and https URLs are allowed.');
  });

  it('refuses other schemes', async () => {
    expect(await refusal('file:///etc/passwd')).toBe('Only http and https URLs are allowed.');
    expect(await refusal('gopher://example.com')).toBe('Only http and https URLs are allowed.');
  });

  it('accepts a public address and answers what it resolved to', async () => {
    await expect(assertPublicHttpUrlOrThrow('https://93.184.216.34/path')).resolves.toMatchObject({
      addresses: ['93.184.216.34'],
    });
    await expect(assertPublicHttpUrlOrThrow('http://127.0.0.1:1/', { allowLoopback: true })).resolves.toMatchObject({
      addresses: ['127.0.0.1'],
    });
  });
});
