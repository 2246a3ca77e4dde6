// Builds the browser client into a folder that game-host serves (--web):
// the types from the .proto files, then the script and the style with
// esbuild into assets/, named by their content's hash, and the page that
// names them. The host caches assets/ for good (web_files.h). The words
// (strings/<locale>.json) are written by the C++ build's checker,
// client-strings-docc; tools/compress.mjs then compresses everything.
//   node tools/build.mjs --out ../../build/web
import { build } from "esbuild";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const client = resolve(here, "..");
const { values } = parseArgs({ options: { out: { type: "string" } } });
if (!values.out) {
  console.error("usage: node tools/build.mjs --out FOLDER");
  process.exit(2);
}
const out = resolve(values.out);

await import("./gen_proto.mjs");
// Last build's hashed names go: the host would serve them all.
rmSync(join(out, "assets"), { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  entryPoints: [join(client, "src/main.ts"), join(client, "static/app.css")],
  outdir: out,
  entryNames: "assets/[name]-[hash]",
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  legalComments: "linked",
  metafile: true,
  logLevel: "warning",
});
const built = (entry) => {
  const [name] = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint?.endsWith(entry));
  return relative(out, resolve(name)).split("\\").join("/");
};
const page = readFileSync(join(client, "static/index.html"), "utf8")
  .replace('href="app.css"', `href="${built("static/app.css")}"`)
  .replace('src="app.js"', `src="${built("src/main.ts")}"`);
if (page.includes('"app.js"') || page.includes('"app.css"') || !page.includes('src="assets/'))
  throw new Error(`static/index.html no longer names app.css and app.js as ${basename(import.meta.url)} expects`);
writeFileSync(join(out, "index.html"), page);
