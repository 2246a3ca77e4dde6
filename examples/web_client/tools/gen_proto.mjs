// Generates the TypeScript types of proto/boardgame/v1 into src/gen/ with
// protobuf-ts, so that the page and the host share one schema. Uses the
// system's protoc (Debian's protobuf-compiler), which the C++ build needs too.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const client = resolve(here, "..");
const protoRoot = resolve(client, "../../proto");
const out = join(client, "src/gen");
const plugin = join(client, "node_modules/.bin/protoc-gen-ts");

const protos = readdirSync(join(protoRoot, "boardgame/v1"))
  .filter((f) => f.endsWith(".proto"))
  .map((f) => join("boardgame/v1", f));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
execFileSync(
  process.env.PROTOC ?? "protoc",
  [
    `--plugin=protoc-gen-ts=${plugin}`,
    `--ts_out=${out}`,
    // Numbers for 64-bit fields: versions and times stay far below 2^53.
    "--ts_opt=long_type_number,client_none,optimize_code_size,use_proto_field_name",
    `--proto_path=${protoRoot}`,
    ...protos,
  ],
  { stdio: "inherit" },
);
