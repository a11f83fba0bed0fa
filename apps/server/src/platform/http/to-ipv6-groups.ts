/** The eight 16-bit groups of an address `isIP` found to be IPv6 (a trailing dotted IPv4 part included). */
export function toIpv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1] ?? ''}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  if (tail === undefined) return groups(head);
  const left = groups(head);
  const right = groups(tail);
  return [...left, ...Array.from({ length: 8 - left.length - right.length }, () => 0), ...right];
}
