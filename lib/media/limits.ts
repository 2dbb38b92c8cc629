import { ArgumentError } from '../errors/classes.js';
import type { MediaLimits } from './types.js';

const MiB = 1024 * 1024;

/** The platform's limits (images 20 MB, GIFs 100 MB, videos 1 GB, galleries 2 to 20 images). */
export const DEFAULT_LIMITS: Readonly<MediaLimits> = Object.freeze({
  image: 20 * MiB,
  gif: 100 * MiB,
  video: 1024 * MiB,
  galleryMin: 2,
  galleryMax: 20,
  imageTypes: Object.freeze(['image/png', 'image/jpeg', 'image/gif']),
  videoTypes: Object.freeze(['video/mp4', 'video/quicktime']),
});

/** The size limit that applies to a file, and its name in `limits`. */
export interface SizeLimit {
  key: 'image' | 'gif' | 'video';
  bytes: number;
}

/** What a file must be: an image (image posts, posters, gallery items), a video, or either (`uploadMedia`). */
export type Expected = 'image' | 'video' | 'any';

export function resolveLimits(given: Partial<MediaLimits> | undefined): MediaLimits {
  const limits = { ...DEFAULT_LIMITS, ...given };
  for (const key of ['image', 'gif', 'video', 'galleryMin', 'galleryMax'] as const) {
    if (!(Number.isFinite(limits[key]) && limits[key] >= 0)) throw new ArgumentError(`limits.${key} must be a number >= 0, got ${String(limits[key])}.`);
  }
  return limits;
}

/** Which size limit applies to a type, or undefined when the type is not accepted where `expected`. */
export function limitFor(type: string, expected: Expected, limits: MediaLimits): SizeLimit | undefined {
  const key = expected !== 'video' && limits.imageTypes.includes(type) ? (type === 'image/gif' ? 'gif' : 'image')
    : expected !== 'image' && limits.videoTypes.includes(type) ? 'video'
    : undefined;
  return key && { key, bytes: limits[key] };
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(bytes < MiB ? 2 : 1)} MB`;

/** The size limit for a file of this type, or ArgumentError when the platform does not take the type there. */
export function checkType(type: string, expected: Expected, limits: MediaLimits, what: string): SizeLimit {
  const found = limitFor(type, expected, limits);
  if (found) return found;
  const accepted = [...(expected !== 'video' ? limits.imageTypes : []), ...(expected !== 'image' ? limits.videoTypes : [])].join(', ');
  const problem = expected === 'any' ? `a type the platform does not take (it takes ${accepted})` : `but ${expected === 'image' ? 'an image' : 'a video'} is needed here (${accepted})`;
  const list = expected === 'any' ? 'limits.imageTypes or limits.videoTypes' : `limits.${expected}Types`;
  throw new ArgumentError(`${what} is ${type}, ${problem}: convert it, or add the type to ${list} if the platform takes it. Nothing was sent.`);
}

/** ArgumentError when a file is larger than its limit. */
export function checkSize(size: number, limit: SizeLimit, what: string): void {
  if (size <= limit.bytes) return;
  const noun = limit.key === 'gif' ? 'GIFs' : `${limit.key}s`;
  throw new ArgumentError(`${what} is ${mb(size)}, over the ${mb(limit.bytes)} limit for ${noun}: make it smaller, or raise options.limits.${limit.key} if the platform allows more. Nothing was sent.`);
}

/** ArgumentError when a gallery has too few or too many items. */
export function checkGallery(count: number, limits: MediaLimits): void {
  if (count >= limits.galleryMin && count <= limits.galleryMax) return;
  throw new ArgumentError(`A gallery takes ${limits.galleryMin} to ${limits.galleryMax} images; files has ${count}. Post a single image with kind: 'image', or split the gallery.`);
}
