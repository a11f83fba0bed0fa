import { z } from 'zod';

/** docs/product/evaluation.md#files-shared-upload-rules: the largest file accepted. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** docs/product/evaluation.md#files-shared-upload-rules: the exact messages. */
export const fileMessages = {
  required: 'No file provided',
  tooLarge: 'File exceeds 25MB limit',
  unsupportedType: 'Unsupported file type',
  invalidName: 'Invalid file name',
} as const;

/** Where an upload is used; the image purposes accept images only. */
export const filePurposes = ['project-image', 'avatar', 'profile-picture', 'attachment'] as const;
export const FilePurpose = z.enum(filePurposes);
export type FilePurpose = z.infer<typeof FilePurpose>;

export const fileKinds = ['png', 'jpeg', 'gif', 'webp', 'pdf', 'markdown', 'csv', 'docx', 'doc'] as const;
export type FileKind = (typeof fileKinds)[number];

/** Per kind: the content type it is served with and the name extensions that may carry it. */
export const fileKindInfo: Record<FileKind, { contentType: string; extensions: readonly string[]; isImage: boolean }> =
  {
    png: { contentType: 'image/png', extensions: ['png'], isImage: true },
    jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], isImage: true },
    gif: { contentType: 'image/gif', extensions: ['gif'], isImage: true },
    webp: { contentType: 'image/webp', extensions: ['webp'], isImage: true },
    pdf: { contentType: 'application/pdf', extensions: ['pdf'], isImage: false },
    markdown: { contentType: 'text/markdown; charset=utf-8', extensions: ['md', 'markdown'], isImage: false },
    csv: { contentType: 'text/csv; charset=utf-8', extensions: ['csv'], isImage: false },
    docx: {
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extensions: ['docx'],
      isImage: false,
    },
    doc: { contentType: 'application/msword', extensions: ['doc'], isImage: false },
  };

/** The path prefix uploaded files are served under: `/files/<id>`. */
export const FILES_PATH_PREFIX = '/files/';
const fileIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

export function isFileId(value: string): boolean {
  return fileIdPattern.test(value);
}

export const UploadedFile = z.object({
  id: z.string(),
  /** Where the file is served: `/files/<id>`; use it as an image path or link. */
  url: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  purpose: FilePurpose,
  createdAt: z.iso.datetime({ offset: true }),
});
export type UploadedFile = z.infer<typeof UploadedFile>;

export const UploadFileQuery = z.object({ purpose: FilePurpose.default('attachment') });
export type UploadFileQuery = z.infer<typeof UploadFileQuery>;

/** The request header that carries the file's name (URI-encoded) on `POST /api/files`. */
export const FILE_NAME_HEADER = 'x-file-name';

/** docs/product/evaluation.md#files-shared-upload-rules: a name containing '..' or '/' is rejected; so are backslashes, control characters and empty names. */
export function isValidFileName(name: string): boolean {
  if (name.trim() === '' || name.length > 255) return false;
  if (name.includes('..') || name.includes('/') || name.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is rejected
  return !/[\u0000-\u001f\u007f]/.test(name);
}

/** The kind a name's extension claims, or null for any other extension. */
export function fileKindFromName(name: string): FileKind | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  return fileKinds.find((kind) => fileKindInfo[kind].extensions.includes(extension)) ?? null;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));

const signatures = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
  gif87: ascii('GIF87a'),
  gif89: ascii('GIF89a'),
  riff: ascii('RIFF'),
  webp: ascii('WEBP'),
  pdf: ascii('%PDF-'),
  zip: [0x50, 0x4b, 0x03, 0x04],
  ole: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
} as const;

/** Whether the bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF). */
export function isWellFormedUtf8(bytes: Uint8Array): boolean {
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] ?? 0;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    let length: number;
    let lowest: number;
    let highest = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) [length, lowest] = [2, 0x80];
    else if (lead === 0xe0) [length, lowest] = [3, 0xa0];
    else if (lead === 0xed) [length, lowest, highest] = [3, 0x80, 0x9f];
    else if (lead >= 0xe1 && lead <= 0xef) [length, lowest] = [3, 0x80];
    else if (lead === 0xf0) [length, lowest] = [4, 0x90];
    else if (lead === 0xf4) [length, lowest, highest] = [4, 0x80, 0x8f];
    else if (lead >= 0xf1 && lead <= 0xf3) [length, lowest] = [4, 0x80];
    else return false;
    if (index + length > bytes.length) return false;
    const second = bytes[index + 1] ?? 0;
    if (second < lowest || second > highest) return false;
    for (let offset = 2; offset < length; offset += 1) {
      const next = bytes[index + offset] ?? 0;
      if (next < 0x80 || next > 0xbf) return false;
    }
    index += length;
  }
  return true;
}

/** Text kinds: valid UTF-8 without NUL bytes (a binary renamed .md or .csv fails here). */
export function isUtf8Text(bytes: Uint8Array): boolean {
  return !bytes.includes(0) && isWellFormedUtf8(bytes);
}

/** The names in a ZIP's central directory (at most `limit`, read byte by byte as Latin-1), or null when it is not a readable ZIP. */
export function listZipEntryNames(bytes: Uint8Array, limit = 10_000): string[] | null {
  if (!startsWith(bytes, signatures.zip)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is 22 bytes plus a comment of up to 65535 bytes.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= lowest; offset -= 1) {
    if (view.getUint32(offset, true) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) return null;
  const entryCount = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const names: string[] = [];
  for (let index = 0; index < entryCount && index < limit; index += 1) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.push(String.fromCharCode(...bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Whether the bytes really are a file of `kind` (magic numbers; text rules for markdown and csv). */
export function doesContentMatchKind(bytes: Uint8Array, kind: FileKind): boolean {
  switch (kind) {
    case 'png':
      return startsWith(bytes, signatures.png);
    case 'jpeg':
      return startsWith(bytes, signatures.jpeg);
    case 'gif':
      return startsWith(bytes, signatures.gif87) || startsWith(bytes, signatures.gif89);
    case 'webp':
      return startsWith(bytes, signatures.riff) && startsWith(bytes, signatures.webp, 8);
    case 'pdf':
      return startsWith(bytes, signatures.pdf);
    case 'doc':
      return startsWith(bytes, signatures.ole);
    case 'docx':
      return listZipEntryNames(bytes)?.some((name) => name.startsWith('word/')) ?? false;
    case 'markdown':
    case 'csv':
      return isUtf8Text(bytes);
  }
}

export type FileCheckFailure = {
  isValid: false;
  code: 'FILE_REQUIRED' | 'FILE_TOO_LARGE' | 'INVALID_FILE_NAME' | 'UNSUPPORTED_FILE_TYPE';
  message: string;
};
export type FileCheck =
  | {
      isValid: true;
      kind: FileKind;
      contentType: string;
      isImage: boolean;
      /** The name to store: the given one, or with its extension fixed when an image's content named another format. */
      name: string;
    }
  | FileCheckFailure;

const imageKinds = fileKinds.filter((kind) => fileKindInfo[kind].isImage);

/** The image format the bytes really are, whatever the name says. */
function detectImageKind(bytes: Uint8Array): FileKind | null {
  return imageKinds.find((kind) => doesContentMatchKind(bytes, kind)) ?? null;
}

function withExtension(name: string, kind: FileKind) {
  const dot = name.lastIndexOf('.');
  return `${dot < 0 ? name : name.slice(0, dot)}.${fileKindInfo[kind].extensions[0]}`;
}

function fail(code: FileCheckFailure['code']): FileCheckFailure {
  const message = {
    FILE_REQUIRED: fileMessages.required,
    FILE_TOO_LARGE: fileMessages.tooLarge,
    INVALID_FILE_NAME: fileMessages.invalidName,
    UNSUPPORTED_FILE_TYPE: fileMessages.unsupportedType,
  }[code];
  return { isValid: false, code, message };
}

/**
 * docs/product/evaluation.md#files-shared-upload-rules, applied to one file, in order: present, at most 25MB, a safe name, and a
 * type that the name's extension and the content agree on (images only for image purposes).
 * One forgiveness: an image named as another image format (a PNG saved as `.jpg`, common with
 * phone and screenshot tools) is accepted as what its content is, and its name's extension is
 * fixed. Every other disagreement is refused. Without `bytes` (a browser check before upload)
 * the content is not looked at.
 */
export function checkFile(input: {
  name: string | null | undefined;
  size: number;
  bytes?: Uint8Array;
  purpose?: FilePurpose;
}): FileCheck {
  if (input.size <= 0) return fail('FILE_REQUIRED');
  if (input.size > MAX_FILE_BYTES) return fail('FILE_TOO_LARGE');
  if (!input.name || !isValidFileName(input.name)) return fail('INVALID_FILE_NAME');
  const kind = fileKindFromName(input.name);
  if (!kind) return fail('UNSUPPORTED_FILE_TYPE');
  const info = fileKindInfo[kind];
  if (input.purpose && input.purpose !== 'attachment' && !info.isImage) return fail('UNSUPPORTED_FILE_TYPE');
  if (input.bytes && !doesContentMatchKind(input.bytes, kind)) {
    const actual = info.isImage ? detectImageKind(input.bytes) : null;
    if (!actual) return fail('UNSUPPORTED_FILE_TYPE');
    const actualInfo = fileKindInfo[actual];
    return {
      isValid: true,
      kind: actual,
      contentType: actualInfo.contentType,
      isImage: true,
      name: withExtension(input.name, actual),
    };
  }
  return { isValid: true, kind, contentType: info.contentType, isImage: info.isImage, name: input.name };
}
