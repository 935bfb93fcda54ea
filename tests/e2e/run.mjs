// Runs the browser suites (tests/e2e/*.test.mjs) side by side, each in its own node process and
// Chromium, and prints each suite's output whole when it ends, then one closing line.
//   node tests/e2e/run.mjs                  every suite, XUANKA_E2E_JOBS (default 2) at a time
//   node tests/e2e/run.mjs buyer image      only these (file names without .test.mjs)
// The suites share no state: each writes its own files (build/<name>.html, build/e2e-vendor/,
// screenshots named by suite and device) and serves on a port of its own. A frame of the phone's
// dpr-3 canvas keeps one core busy in SwiftShader, so two suites at a time use both cores of these
// machines; the longest run first, so the two lanes end together.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
// Longest first, as each took in a run of all eight two at a time on a 2-core machine on
// 2026-12-03 (buyer 229 s, interface 162, action 94, vendor 84, foundation 77, hostile 54, catalog
// 53, image 26): only the order depends on it.
const ORDER = ['buyer', 'interface', 'action', 'vendor', 'foundation', 'hostile', 'catalog', 'image'];
const all = fs.readdirSync(dir).filter((f) => f.endsWith('.test.mjs')).map((f) => f.replace(/\.test\.mjs$/, ''));
const rank = (n) => (ORDER.includes(n) ? ORDER.indexOf(n) : -1);  // a new suite, not timed yet, goes first
const wanted = process.argv.slice(2);
for (const w of wanted) {
  if (!all.includes(w)) { console.log(`FAIL no suite tests/e2e/${w}.test.mjs`); console.log('0 passed, 1 failed'); process.exit(1); }
}
const queue = (wanted.length ? wanted : all).sort((a, b) => rank(a) - rank(b));
const jobs = Math.max(1, Number(process.env.XUANKA_E2E_JOBS || 2));

let passed = 0, failed = 0;
const times = [];
function runOne(name) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [path.join(dir, `${name}.test.mjs`)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('close', (code) => {
      const s = ((Date.now() - t0) / 1000).toFixed(0);
      process.stdout.write(`-- tests/e2e/${name}.test.mjs (${s} s)\n${out}`);
      const m = out.match(/^(\d+) passed, (\d+) failed\s*$/m);
      if (m) { passed += Number(m[1]); failed += Number(m[2]); }
      if (code !== 0 || !m) {
        if (!m || Number(m[2]) === 0) failed += 1;  // a suite that died counts as one failure
        process.stdout.write(`FAIL tests/e2e/${name}.test.mjs exited with ${code}\n`);
      }
      times.push([name, s]);
      resolve();
    });
  });
}
async function lane() {
  while (queue.length) await runOne(queue.shift());
}
await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, lane));
console.log(`browser suites: ${times.map(([n, s]) => `${n} ${s} s`).join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
fs.mkdirSync(path.join(dir, '..', '..', 'build'), { recursive: true });
fs.writeFileSync(path.join(dir, '..', '..', 'build', 'e2e-summary.txt'), `browser: ${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
