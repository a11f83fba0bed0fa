import { describe, expect, it } from 'vitest';
import {
  MAX_FILE_BYTES,
  checkFile,
  fileKindFromName,
  isValidFileName,
  isWellFormedUtf8,
  listZipEntryNames,
} from './files';

/** UTF-8 bytes of a string, without TextEncoder (core has no DOM or Node types). */
const utf8 = (text: string) =>
  Array.from(encodeURIComponent(text).matchAll(/%([0-9A-F]{2})|./gs), (match) =>
    match[1] ? parseInt(match[1], 16) : match[0].charCodeAt(0),
  );
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? utf8(part) : part)));

/** A minimal stored ZIP: local headers, central directory and end record (CRCs left 0; only names matter here). */
function zip(names: string[]): Uint8Array {
  const local: number[] = [];
  const central: number[] = [];
  const u16 = (value: number) => [value & 0xff, (value >> 8) & 0xff];
  const u32 = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, (value >>> 24) & 0xff];
  for (const name of names) {
    const nameBytes = utf8(name);
    const offset = local.length;
    local.push(
      ...u32(0x04034b50),
      ...u16(20),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u32(0),
      ...u32(0),
      ...u32(0),
      ...u16(nameBytes.length),
      ...u16(0),
      ...nameBytes,
    );
    central.push(
      ...u32(0x02014b50),
      ...u16(20),
      ...u16(20),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u32(0),
      ...u32(0),
      ...u32(0),
    );
    central.push(
      ...u16(nameBytes.length),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u16(0),
      ...u32(0),
      ...u32(offset),
      ...nameBytes,
    );
  }
  const end = [
    ...u32(0x06054b50),
    ...u16(0),
    ...u16(0),
    ...u16(names.length),
    ...u16(names.length),
    ...u32(central.length),
    ...u32(local.length),
    ...u16(0),
  ];
  return new Uint8Array([...local, ...central, ...end]);
}

const samples = {
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  webp: bytes('RIFF', [36, 0, 0, 0], 'WEBPVP8 '),
  pdf: bytes('%PDF-1.7\n%âãÏÓ\n'),
  markdown: bytes('# Brief\n\nWe need a **chatbot** — ünïcödé welcome.\n'),
  csv: bytes('name,budget\nAcme,500\n'),
  docx: zip(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
  elf: bytes([0x7f], 'ELF', [2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]),
  pe: bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0], 'This program cannot be run in DOS mode.'),
};

const check = (name: string, content: Uint8Array, purpose?: Parameters<typeof checkFile>[0]['purpose']) =>
  checkFile({ name, size: content.length, bytes: content, purpose });

describe('checkFile', () => {
  it("answers 'No file provided' for a missing or empty file", () => {
    expect(checkFile({ name: 'a.png', size: 0 })).toMatchObject({
      isValid: false,
      code: 'FILE_REQUIRED',
      message: 'No file provided',
    });
    expect(check('empty.csv', new Uint8Array())).toMatchObject({ message: 'No file provided' });
  });

  it("answers 'File exceeds 25MB limit' above 25MB, and accepts exactly 25MB", () => {
    expect(checkFile({ name: 'a.pdf', size: MAX_FILE_BYTES + 1 })).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'File exceeds 25MB limit',
    });
    expect(checkFile({ name: 'a.pdf', size: MAX_FILE_BYTES })).toMatchObject({ isValid: true, kind: 'pdf' });
    expect(MAX_FILE_BYTES).toBe(25 * 1024 * 1024);
  });

  it("answers 'Invalid file name' for '..' or '/' in the name", () => {
    for (const name of [
      '../../etc/passwd.png',
      'a/b.png',
      '..png',
      'report..pdf',
      'C:\\x\\a.png',
      'bad\u0000.png',
      '',
      '   ',
    ]) {
      expect(check(name, samples.png)).toMatchObject({ code: 'INVALID_FILE_NAME', message: 'Invalid file name' });
    }
  });

  it.each(
    Object.entries({
      png: 'logo.PNG',
      jpeg: 'photo.jpeg',
      gif: 'anim.gif',
      webp: 'pic.webp',
      pdf: 'brief.pdf',
      markdown: 'notes.md',
      csv: 'leads.csv',
      docx: 'spec.docx',
      doc: 'old.doc',
    }),
  )('accepts a real %s whose name agrees', (kind, name) => {
    expect(check(name, samples[kind as keyof typeof samples])).toMatchObject({ isValid: true, kind });
  });

  it('also accepts .jpg and .markdown names', () => {
    expect(check('photo.jpg', samples.jpeg)).toMatchObject({ isValid: true, kind: 'jpeg', contentType: 'image/jpeg' });
    expect(check('readme.markdown', samples.markdown)).toMatchObject({
      isValid: true,
      contentType: 'text/markdown; charset=utf-8',
    });
  });

  it("rejects a renamed executable as 'Unsupported file type' whatever its name claims", () => {
    for (const name of ['setup.png', 'setup.jpg', 'setup.pdf', 'setup.md', 'setup.csv', 'setup.docx', 'setup.doc']) {
      expect(check(name, samples.elf)).toMatchObject({
        code: 'UNSUPPORTED_FILE_TYPE',
        message: 'Unsupported file type',
      });
      expect(check(name, samples.pe)).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    }
  });

  it('accepts an image named as another image format as what it is, with the extension fixed', () => {
    expect(check('photo.jpg', samples.png)).toMatchObject({
      isValid: true,
      kind: 'png',
      contentType: 'image/png',
      name: 'photo.png',
    });
    expect(check('image.png', samples.gif)).toMatchObject({ isValid: true, kind: 'gif', name: 'image.gif' });
    expect(check('cover.jpeg', samples.png)).toMatchObject({ isValid: true, name: 'cover.png' });
    expect(check('photo.png', samples.png)).toMatchObject({ isValid: true, name: 'photo.png' });
  });

  it('rejects content and name that disagree, and unknown extensions', () => {
    expect(check('photo.jpg', samples.pdf)).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(check('notes.md', samples.png)).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(check('data.csv', samples.png)).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(check('archive.zip', samples.docx)).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(check('page.html', bytes('<script>alert(1)</script>'))).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(check('drawing.svg', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
    });
    expect(check('noextension', samples.png)).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
  });

  it('needs a word/ entry for .docx and valid UTF-8 for text kinds', () => {
    expect(check('sheet.docx', zip(['[Content_Types].xml', 'xl/workbook.xml']))).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
    });
    expect(check('broken.docx', bytes([0x50, 0x4b, 3, 4, 0, 0]))).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(check('latin1.csv', bytes([0x63, 0x61, 0x66, 0xe9, 0x0a]))).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(check('nul.md', bytes('abc', [0], 'def'))).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
  });

  it('accepts only images for the picture purposes', () => {
    expect(check('brief.pdf', samples.pdf, 'avatar')).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    expect(check('brief.pdf', samples.pdf, 'attachment')).toMatchObject({ isValid: true });
    expect(check('logo.webp', samples.webp, 'project-image')).toMatchObject({ isValid: true, isImage: true });
    expect(check('me.gif', samples.gif, 'profile-picture')).toMatchObject({ isValid: true });
  });

  it('without bytes (a browser pre-check) looks at size, name and extension only', () => {
    expect(checkFile({ name: 'photo.png', size: 10 })).toMatchObject({ isValid: true, kind: 'png' });
    expect(checkFile({ name: 'tool.exe', size: 10 })).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
  });
});

describe('helpers', () => {
  it('reads the extension case-insensitively', () => {
    expect(fileKindFromName('A.JPEG')).toBe('jpeg');
    expect(fileKindFromName('archive.tar.gz')).toBeNull();
  });

  it('allows ordinary names with spaces, dots and unicode', () => {
    expect(isValidFileName('Q3 report v2.final.pdf')).toBe(true);
    expect(isValidFileName('résumé.docx')).toBe(true);
  });

  it('tells well-formed UTF-8 from overlong forms, surrogates and cut sequences', () => {
    expect(isWellFormedUtf8(bytes('plain ascii, ünïcödé, 日本語 and 🙂'))).toBe(true);
    expect(isWellFormedUtf8(bytes([0xc0, 0xaf]))).toBe(false);
    expect(isWellFormedUtf8(bytes([0xe0, 0x80, 0xaf]))).toBe(false);
    expect(isWellFormedUtf8(bytes([0xed, 0xa0, 0x80]))).toBe(false);
    expect(isWellFormedUtf8(bytes([0xf4, 0x90, 0x80, 0x80]))).toBe(false);
    expect(isWellFormedUtf8(bytes([0xe2, 0x82]))).toBe(false);
    expect(isWellFormedUtf8(bytes([0x80]))).toBe(false);
  });

  it('lists ZIP entries from the central directory', () => {
    expect(listZipEntryNames(samples.docx)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(listZipEntryNames(samples.png)).toBeNull();
  });
});
