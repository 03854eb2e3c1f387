#!/usr/bin/env node
// Compares the host `etld --url` takes out of an input with the host Node's
// `new URL()` (a WHATWG URL parser: Ada, in Node 18 and later) gives, on a
// few thousand generated inputs: special, file and non-special schemes,
// slashes and backslashes, userinfo, ports, forbidden code points, ignorable
// code points before the scheme, file hosts (docs/behaviour.md section 6,
// `--url`; the rules in src/host/url.rs).
//
//     cargo build --release -p etld-cli
//     node scripts/url_differential.mjs [--count N] [--seed S] [--show N]
//
// `ETLD=path/to/etld` runs another build. Exit status 0 when every input
// agrees, 1 when some do not (the first `--show` of them are printed).
//
// Agreement, input by input:
// * Node refuses the input, or gives an empty host: etld answers an error;
// * a special or file URL with a host H: `etld --url INPUT` answers what
//   `etld H` answers (registrable domain, suffix; an error for an error, as
//   for an IP address);
// * a non-special URL with a host H: the opaque host etld takes, as the
//   input writes it, is H once percent-encoded with the C0 control
//   percent-encode set (the standard's parser encodes; etld looks the host
//   up as it stands).
// The conveniences of `--url` that are not URLs are counted apart, not as
// disagreements: an input without a scheme (a bare host, `user@host`,
// `host/path`), `host:port`, `mailto:user@host`.
//
// cli/tests/url_differential.rs runs it on the test build of etld where a
// node of version 18 or later is on the path (and says it skipped it where
// none is). Last runs, Node v20.20.2, etld at the commit that last changed
// src/host/url.rs:
//   node scripts/url_differential.mjs             (--count 4000 --seed 47)
//   4000 inputs: 3545 agree, 455 conveniences (no scheme 440, host:port 5,
//   mailto 10), 0 disagree. Agreed: special host 321, no host 735, node
//   fails 2288, opaque host 182, file host 19.
//   node scripts/url_differential.mjs --seed 5 --count 30000
//   30000 inputs: 26409 agree, 3591 conveniences (no scheme 3512, mailto 54,
//   host:port 25), 0 disagree. Agreed: special host 2563, no host 5356, node
//   fails 17171, opaque host 1201, file host 118.
//   Seeds 1 to 4 and 47, 30000 inputs each: 0 disagree.

import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? Number(args[i + 1]) : fallback;
}
const COUNT = option("--count", 4000);
const SEED = option("--seed", 47);
const SHOW = option("--show", 20);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const ETLD = process.env.ETLD || join(root, "target", "release", "etld");

// A small seeded generator (mulberry32), so that a run can be repeated.
let state = SEED >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (items) => items[Math.floor(random() * items.length)];

const PREFIXES = ["", "", "", "", " ", "\u0001", "\u034f", "\u200b", "\u00ad", "\u200d", "\ufeff", "\t"];
const SCHEMES = [
  "http", "HTTPS", "ws", "wss", "ftp", "Ftp",
  "file", "FILE",
  "foo", "javascript", "mailto", "git+ssh", "a.b-c", "data", "x", "sc",
  "example.com", "localhost", "a.com",
  "1http", "ht tp", "h_t", "é", "", "", "",
];
const SLASHES = ["", "/", "//", "//", "//", "///", "\\", "\\\\", "/\\", "\\/", "////"];
const USERINFO = ["", "", "", "user@", "u:p@", "a@b@", ":@", "@", "u\\v@"];
const HOSTS = [
  "example.com", "www.example.co.uk", "EXAMPLE.com", "bücher.de", "xn--bcher-kva.de",
  "foo.github.io", "localhost", "LOCALHOST", "%6Cocalhost", "ex%61mple.com", "x%41.com",
  "a<b", "a b", "a^b", "a|b", "a\\b", "a%zz", "[::1]", "[::1", "1.2.3.4", "C:", "c|",
  "", "a.b.", "食狮.公司.cn", "ｅｘａｍｐｌｅ.com", "::1", "a]b", "a>b",
  "0x7f.1", "a%2Fb", "a%00b", "xn--zz", "a..b", "Ex.COM", "a#b", "a?b", "%",
  "ｌｏｃａｌｈｏｓｔ", "localhost.", "%4C%4F%43%41%4C%48%4F%53%54", "C%3A", "%43|", "a%40b",
];
// Half the hosts and ports are plain ones, so that most URLs have a host.
const GOOD_HOSTS = ["example.com", "www.example.co.uk", "foo.github.io", "bücher.de", "Ex.COM"];
const GOOD_PORTS = ["", ":80", ":8080"];
const PORTS = ["", "", "", ":", ":80", ":8080", ":65535", ":65536", ":8o", ":0", ":99999", ":1:2"];
const PATHS = ["", "", "/", "/path", "\\path", "?q", "#f", "/a:b", "/x@y", "/a://b"];

function generate() {
  const scheme = pick(SCHEMES);
  const colon = scheme === "" ? "" : random() < 0.9 ? ":" : "";
  return (
    pick(PREFIXES) + scheme + colon + pick(SLASHES) + pick(USERINFO) +
    pick(random() < 0.5 ? GOOD_HOSTS : HOSTS) + pick(random() < 0.5 ? GOOD_PORTS : PORTS) +
    pick(PATHS)
  );
}

const SPECIAL = new Set(["http", "https", "ws", "wss", "ftp", "file"]);
const TRIM = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

// What src/host/url.rs takes for a port after a colon: ASCII digits first,
// no `@`, up to the next `/`, `\`, `?`, `#`.
function isPortLike(afterColon) {
  const port = afterColon.split(/[/\\?#]/)[0];
  return /^[0-9]/.test(port) && !port.includes("@");
}

// Which convenience of `--url` the input is, if any (src/host/url.rs).
function convenience(input) {
  const text = input.replace(TRIM, "").replace(/[\t\n\r]/g, "");
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):(.*)$/s.exec(text);
  if (!m) return "no scheme";
  const [scheme, rest] = [m[1].toLowerCase(), m[2]];
  if (SPECIAL.has(scheme) || rest.startsWith("//")) return null;
  if (scheme === "mailto" && rest.split(/[,?#]/)[0].includes("@")) return "mailto";
  if (isPortLike(rest)) return "host:port";
  return null;
}

function percentEncodeC0(text) {
  let out = "";
  for (const c of text) {
    const code = c.codePointAt(0);
    if (code >= 0x20 && code <= 0x7e) out += c;
    else for (const b of Buffer.from(c, "utf8")) out += "%" + b.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

// Undoes `--fields` escaping (PostgreSQL's COPY text format).
function unescape(column) {
  const bytes = [];
  const raw = Buffer.from(column, "utf8");
  const simple = { "\\": 0x5c, t: 0x09, n: 0x0a, r: 0x0d, b: 0x08, f: 0x0c, v: 0x0b };
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] !== 0x5c) {
      bytes.push(raw[i]);
      continue;
    }
    const next = String.fromCharCode(raw[i + 1]);
    if (next === "x") {
      bytes.push(parseInt(raw.subarray(i + 2, i + 4).toString(), 16));
      i += 3;
    } else {
      bytes.push(simple[next]);
      i += 1;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

// One `--fields` row per line given: [host, registrable, suffix, error].
function etld(extra, lines) {
  const fields = ["--output", "ascii", "--fields", "host,registrable,suffix,error"];
  const run = spawnSync(ETLD, [...extra, ...fields], {
    input: lines.join("\n") + "\n",
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0) {
    console.error(`${ETLD} failed (${run.status}): ${run.stderr}`);
    process.exit(2);
  }
  const rows = run.stdout.toString("utf8").split("\n").slice(0, -1);
  if (rows.length !== lines.length) {
    console.error(`${ETLD}: ${rows.length} lines for ${lines.length} inputs`);
    process.exit(2);
  }
  return rows.map((row) => row.split("\t").map(unescape));
}

// The first line is a plain URL, so that no generated input starts the
// standard input with a byte order mark (which etld skips there).
const inputs = ["http://example.com/"];
const seen = new Set(inputs);
while (inputs.length < COUNT) {
  const input = generate();
  // One input a line: a line feed or carriage return would split it.
  if (/[\n\r]/.test(input) || seen.has(input)) continue;
  seen.add(input);
  inputs.push(input);
}

const node = inputs.map((input) => {
  try {
    const url = new URL(input);
    const scheme = url.protocol.slice(0, -1);
    return { host: url.hostname, special: SPECIAL.has(scheme), file: scheme === "file" };
  } catch {
    return { host: null };
  }
});
const got = etld(["--url"], inputs);
const hosts = [...new Set(node.filter((n) => n.host && n.special).map((n) => n.host))];
const plain = new Map(etld([], hosts).map((row, i) => [hosts[i], row]));

let agree = 0;
const kinds = {};
const conveniences = {};
const wrong = [];
inputs.forEach((input, i) => {
  const [host, registrable, suffix, error] = got[i];
  const n = node[i];
  let ok;
  if (!n.host) ok = error !== "";
  else if (n.special) {
    const [, r, s, e] = plain.get(n.host);
    ok = registrable === r && suffix === s && (error === "") === (e === "");
  } else ok = host !== "" && percentEncodeC0(host) === n.host;
  if (ok) {
    agree++;
    const kind =
      n.host === null
        ? "node fails"
        : !n.host
          ? "no host"
          : n.file
            ? "file host"
            : n.special
              ? "special host"
              : "opaque host";
    kinds[kind] = (kinds[kind] || 0) + 1;
    return;
  }
  const kind = convenience(input);
  if (kind && !n.host && error === "") {
    conveniences[kind] = (conveniences[kind] || 0) + 1;
    return;
  }
  wrong.push(
    `${JSON.stringify(input)}: node ${n.host === null ? "fails" : JSON.stringify(n.host)}, ` +
      `etld host ${JSON.stringify(host)} registrable ${JSON.stringify(registrable)} ` +
      `error ${JSON.stringify(error)}`,
  );
});

const apart = Object.values(conveniences).reduce((a, b) => a + b, 0);
console.log(
  `${inputs.length} inputs: ${agree} agree, ${apart} conveniences ` +
    `(${Object.entries(conveniences).map(([k, v]) => `${k} ${v}`).join(", ") || "none"}), ` +
    `${wrong.length} disagree.`,
);
console.log(`Agreed: ${Object.entries(kinds).map(([k, v]) => `${k} ${v}`).join(", ")}.`);
for (const line of wrong.slice(0, SHOW)) console.log("  " + line);
process.exit(wrong.length === 0 ? 0 : 1);
