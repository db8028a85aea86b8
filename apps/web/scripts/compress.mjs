#!/usr/bin/env node
/**
 * Post-build step of `npm run build -w apps/web`: writes a brotli (`.br`, quality 11) and a gzip (`.gz`,
 * level 9) copy next to every compressible file of dist/ (JS, CSS, HTML, SVG, JSON, web manifest, text) of at
 * least 1 KB, unless the copy would not be smaller. The server sends them with `Content-Encoding` (br first,
 * then gzip) and `Vary: Accept-Encoding` (@fastify/static `preCompressed`, apps/server/src/plugins/web.ts),
 * so no response is compressed at request time. Usage: node scripts/compress.mjs [dist directory].
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024;

export function compressDir(dir) {
  let files = 0;
  let raw = 0;
  let brotli = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = zlib.gzipSync(body, { level: 9 });
    if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
    files += 1;
    raw += body.length;
    brotli += Math.min(br.length, body.length);
  }
  return { files, raw, brotli };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
  const { files, raw, brotli } = compressDir(dir);
  console.log(
    `Precompressed ${files} files in ${path.relative(process.cwd(), dir) || '.'}: ${(raw / 1024).toFixed(1)} KB → ${(brotli / 1024).toFixed(1)} KB brotli (+ gzip)`,
  );
}
