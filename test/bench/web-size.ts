import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a first visit downloads: the entry script and what index.html preloads, gzipped; or what
 * another page of the build links (`page`: `products/index.html`, the catalogue's own page).
 */
export function initialWebJs(
  distWeb: string,
  page = 'index.html',
): {
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipBytes: number;
} {
  const html = readFileSync(join(distWeb, page), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1]);
  const files = [...new Set(refs)].map((ref) => {
    const file = ref.replace(/^\//, '');
    return { file, gzipBytes: gzipSync(readFileSync(join(distWeb, file)), { level: 9 }).length };
  });
  return { files, totalGzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0) };
}

/** The render-blocking CSS a first visit downloads: the stylesheets index.html links, raw and gzipped. */
export function initialWebCss(distWeb: string): {
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
  totalBytes: number;
  totalGzipBytes: number;
} {
  const html = readFileSync(join(distWeb, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const files = [...new Set(refs)].map((ref) => {
    const body = readFileSync(join(distWeb, ref.replace(/^\//, '')));
    return {
      file: ref.replace(/^\//, ''),
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
    };
  });
  return {
    files,
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    totalGzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
  };
}
