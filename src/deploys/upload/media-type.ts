import { extname } from 'node:path';
import mime from 'mime-types';

export const DEFAULT_MEDIA_TYPE = 'application/octet-stream';

/** The media type of a deploy path, with its charset for text; `application/octet-stream` when the extension is unknown. */
export function mediaTypeOf(path: string): string {
  // Only a real extension counts: mime-types would otherwise read a file named "json" as JSON.
  const extension = extname(path);
  return (extension && mime.contentType(extension)) || DEFAULT_MEDIA_TYPE;
}

const COMPRESSIBLE = new Set([
  'application/javascript',
  'application/json',
  'application/xml',
  'application/wasm',
  'application/vnd.ms-fontobject',
  'image/vnd.microsoft.icon',
  'image/x-icon',
  'font/ttf',
  'font/otf',
]);

/** Whether a media type is text-like enough to be worth precompressing (images, fonts like woff2 and archives are already compressed). */
export function isCompressible(mediaType: string): boolean {
  const essence = (mediaType.split(';')[0] ?? '').trim().toLowerCase();
  return essence.startsWith('text/') || essence.endsWith('+json') || essence.endsWith('+xml') || COMPRESSIBLE.has(essence);
}
