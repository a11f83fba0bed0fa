/** A readable name for a built-in picture from its file name ('/media/avatars/robot-blue.svg' -> 'Robot blue'). */
export function describePicture(path: string, kind: 'image' | 'avatar', index: number) {
  const file = path.split('/').at(-1) ?? '';
  const stem = file
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  if (!stem || /^[a-z0-9]{16,}$/i.test(stem)) return `${kind === 'image' ? 'Image' : 'Avatar'} ${index + 1}`;
  return stem.charAt(0).toUpperCase() + stem.slice(1);
}
