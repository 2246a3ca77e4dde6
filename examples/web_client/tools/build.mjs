// Builds the browser client into a folder that game-host serves (--web):
// the types from the .proto files, then one bundle with esbuild, beside the
// page and its style. The words (strings/<locale>.json) are written by the
// C++ build's checker, client-strings-docc.
//   node tools/build.mjs --out ../../build/web
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
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
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(client, "src/main.ts")],
  outfile: join(out, "app.js"),
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  legalComments: "linked",
  logLevel: "warning",
});
for (const file of ["index.html", "app.css"]) copyFileSync(join(client, "static", file), join(out, file));
