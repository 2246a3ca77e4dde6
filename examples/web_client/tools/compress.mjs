// Compresses the built client once, at build time, so that the host serves
// each text file as brotli or gzip (web_files.h) without compressing per
// request: NAME.br and NAME.gz beside NAME, each kept only when it saves.
// Source maps are left alone: an installed host does not serve them.
//   node tools/compress.mjs ../../build/web
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: node tools/compress.mjs FOLDER");
  process.exit(2);
}
const TEXT = new Set([".html", ".js", ".css", ".json", ".svg", ".txt", ".webmanifest"]);
const CODINGS = [
  [".br", (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
  [".gz", (bytes) => gzipSync(bytes, { level: 9 })],
];

function compress(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      compress(path);
      continue;
    }
    // A compressed copy whose file is gone (an old hashed name) goes too.
    const coding = CODINGS.find(([suffix]) => name.endsWith(suffix));
    if (coding) {
      if (!exists(path.slice(0, -coding[0].length))) rmSync(path);
      continue;
    }
    if (!TEXT.has(extname(name))) continue;
    const bytes = readFileSync(path);
    for (const [suffix, encode] of CODINGS) {
      const encoded = encode(bytes);
      if (encoded.length < bytes.length * 0.9) writeFileSync(path + suffix, encoded);
      else rmSync(path + suffix, { force: true });
    }
  }
}

function exists(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

compress(folder);
