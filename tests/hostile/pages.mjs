// Hostile page loads (issue 40's "~2,000 page loads"), rerunnable: the page opened on links built
// from every scenario the project holds, mutated as tests/hostile/scenarios.py does, and on broken
// link syntax (bad views, languages, cards and regions; non-JSON and truncated JSON in s, r, c and
// u; malformed escapes; a vendor overlay in the address; huge and odd characters). Each load is a
// navigation from about:blank (a full start of the page). For each it checks:
//   - the page starts (its ready signal) with no page error, console error or network request,
//     and no error box;
//   - nothing it draws reads NaN or Infinity;
//   - what the page shows is what the CLI computes: when the CLI accepts the scenario the page
//     holds, the page's memory per card equals the CLI's (the same core, compiled twice), and when
//     the CLI accepts the link's own scenario, the page holds that scenario field for field.
// Usage (from tests/e2e, after the native and WebAssembly builds):
//   node ../hostile/pages.mjs [--count N] [--seed S] [--lanes K] [--only I,J,...]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { DESKTOP, PHONE_2X, launch, pageUrl, root, sleep } from '../e2e/lib.mjs';

const arg = (name, dflt) => { const i = process.argv.indexOf(name); return i > 0 ? Number(process.argv[i + 1]) : dflt; };
const count = arg('--count', 2000), seed = arg('--seed', 40), lanes = arg('--lanes', 2);
const onlyAt = process.argv.indexOf('--only');
const loadsToRun = onlyAt > 0 ? process.argv[onlyAt + 1].split(',').map(Number) : Array.from({ length: count }, (_, i) => i);
const cli = path.join(root, 'build', 'native', 'core', 'xuanka');

// A small seeded generator (mulberry32), restarted for each load from (seed, load number): load i
// is the same link in every run, whatever the lanes (--only i,j reruns some).
let st = 0;
const reseed = (i) => { st = (Math.imul(seed >>> 0, 1000003) + i * 2654435761) >>> 0; };
const rnd = () => { st = (st + 0x6D2B79F5) >>> 0; let t = st; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const pick = (a) => a[Math.floor(rnd() * a.length)];

const bases = [];
for (const f of fs.readdirSync(path.join(root, 'tests', 'vectors'))) {
  if (f.startsWith('validation_') && f.endsWith('.jsonl')) {
    for (const line of fs.readFileSync(path.join(root, 'tests', 'vectors', f), 'utf8').split('\n')) if (line.trim()) bases.push(JSON.parse(line).scenario);
  }
}
const cards = execFileSync(cli, ['catalog', 'list']).toString().split('models')[0].split('\n')
  .map((l) => l.match(/^  ([a-z0-9][a-z0-9.-]+)\s/)).filter(Boolean).map((m) => m[1]);
const HOSTILE = [0, -1, 3, 1e308, -1e308, 5e-324, 2 ** 53 + 1, 0.5, '', 'abc', '１０２４', '1万', null, true, [], {}, '\u0000', '😀'.repeat(30), 'a'.repeat(5000), 'NaN', '<script>alert(1)</script>'];
const FIELDS = ['task', 'precision', 'optimizer', 'weights', 'seq_len', 'micro_batch', 'global_batch', 'recompute', 'gpu', 'tokens', 'mfu', 'loss',
                'lora.rank', 'lora.dtype', 'serving.batch', 'serving.prompt_tokens', 'parallel.gpus', 'parallel.tp', 'parallel.pp', 'parallel.cp', 'parallel.ep',
                'parallel.zero', 'image.resolution', 'image.steps', 'vision.input', 'vision.batch', 'model.layers', 'model.hidden', 'model.moe'];
const setPath = (o, p, v) => { const k = p.split('.'); for (const x of k.slice(0, -1)) { if (typeof o[x] !== 'object' || o[x] === null || Array.isArray(o[x])) o[x] = {}; o = o[x]; } o[k[k.length - 1]] = v; };

function scenario() {
  const s = structuredClone(pick(bases));
  const r = rnd();
  if (r < 0.3) s.gpu = pick(cards);
  else if (r < 0.55) { s.parallel = { gpus: pick([1, 2, 4, 8, 16, 64]), tp: pick([1, 2, 4, 8]), pp: pick([1, 1, 2]), ep: pick([1, 1, 2, 8]) }; }
  else if (r < 0.65) s.task = pick(['pretrain', 'full_ft', 'lora', 'qlora', 'inference']);
  else if (r < 0.9) setPath(s, pick(FIELDS), pick(HOSTILE));
  return s;
}
function link(i) {
  reseed(i);
  const s = scenario();
  const r = rnd();
  const enc = encodeURIComponent;
  if (r < 0.55) return `#view=${pick(['estimate', 'recommend', 'cost', 'estimate'])}&s=${enc(JSON.stringify(s))}`;
  if (r < 0.65) return `?lang=${pick(['zh', 'en', 'xx', '', '%FF'])}#view=${pick(['compare', 'check', 'accuracy', 'nope', '', 'estimate%00'])}&card=${enc(pick([...cards, 'no-such-card', '']))}`;
  if (r < 0.72) return `#view=cost&s=${enc(JSON.stringify(s))}&c=${enc(pick(['{"rent":"9.5","months":"24"}', '{"rent":-1}', '{"pue":"abc","months":1e308}', '[1', '"x"', '{"utilisation_pct":"200"}']))}`;
  if (r < 0.78) return `#view=estimate&s=${enc(JSON.stringify(s))}&u=${enc(pick(['{"users":"300","user_tokens_per_s":"25"}', '{"users":"-5"}', '{"ttft_target_s":"0"}', '{', '{"users":"1e308"}']))}`;
  if (r < 0.84) return `#view=recommend&s=${enc(JSON.stringify(s))}&r=${enc(pick(['{"max_cards":8}', '{"budget_cny":-1}', '{"goal":"nope"}', '[', '{"max_cards":1e9,"domestic_only":true}']))}`;
  if (r < 0.88) return `#overlay=${enc(pick(['{"schema_version":1,"vendor":{"name":"Spoof"}}', '{', '{"schema_version":1,"offers":[{"id":"nvidia-h100-sxm5-80gb","rent_cny_per_card_hour":0.01}]}']))}&s=${enc(JSON.stringify(s))}`;
  if (r < 0.93) return pick(['#s=%7B', '#s=%ZZ%', '#s=' + '%5B'.repeat(2000), '#view=estimate&s=' + enc('{"model":"' + 'x'.repeat(200000) + '"}'),
                              '#region=' + enc('🙂'.repeat(100)), '#lang=en&lang=zh&view=cost&view=check', '#s=null', '#s=' + enc('"llama-3.1-8b"'), '#&&&==&', '#s=' + enc(JSON.stringify(s)).slice(0, 40)]);
  return `#view=estimate&s=${enc(JSON.stringify(s))}&region=${enc(pick(['jiangsu-suzhou', 'nope', '']))}`;
}

// What the CLI says of a scenario: null when it refuses it.
function cliEstimate(s) {
  const f = path.join(os.tmpdir(), `xk-pages-${process.pid}.json`);
  fs.writeFileSync(f, JSON.stringify(s));
  try { return JSON.parse(execFileSync(cli, ['estimate', f, '--json'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString()); } catch (e) { return null; }
}
const linkScenario = (h) => {
  const m = h.match(/[#&]s=([^&]*)/);
  if (!m) return undefined;
  try { return JSON.parse(decodeURIComponent(m[1])); } catch (e) { return undefined; }
};

const findings = [];
let loads = 0, compared = 0, same = 0;
const t0 = Date.now();
// One browser per lane: a second tab in one browser is a background tab, whose frames the browser
// throttles (a first run here timed out 34 loads of the other lane waiting for the page's start).
async function lane(k) {
  const device = k % 2 ? PHONE_2X : DESKTOP;
  const browser = await launch();
  const page = await browser.newPage();
  let problems = [];
  page.on('request', (req) => { const u = req.url(); if (!u.startsWith('data:') && !u.startsWith('about:') && u.split('#')[0].split('?')[0] !== pageUrl) problems.push(`network request: ${u.slice(0, 100)}`); });
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error: ${msg.text().slice(0, 200)}`); });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message.slice(0, 200)}`));
  if (device.userAgent) await page.setUserAgent(device.userAgent);
  await page.setViewport(device.viewport);
  for (let n = k; n < loadsToRun.length; n += lanes) {
    const i = loadsToRun[n];
    const h = link(i);
    problems = [];
    const where = `load ${i} (${device.name}) ${h}`;
    try {
      await page.goto('about:blank');
      await page.goto(pageUrl + h, { waitUntil: 'load' });
      await page.waitForFunction(() => (window.xuanka && window.xuanka.ready === true) || document.querySelector('#status.fatal'), { polling: 100, timeout: 30000 });
      await page.evaluate(() => window.xuanka && window.xuanka.wake && window.xuanka.wake());
      await sleep(50);
      const s = await page.evaluate(() => ({ fatal: !!document.querySelector('#status.fatal'), st: window.xuanka.state() }));
      ++loads;
      if (s.fatal) { findings.push(`${where}: error box`); continue; }
      const drawn = JSON.stringify(s.st.drawn_text || '');
      if (/\b(nan|inf|infinity)\b/i.test(drawn)) findings.push(`${where}: draws ${drawn.match(/.{0,40}\b(nan|inf|infinity)\b.{0,40}/i)[0]}`);
      for (const p of problems) findings.push(`${where}: ${p}`);
      // The page's scenario, through the CLI: the same memory per card.
      if (s.st.scenario && s.st.results && s.st.results.memory_total !== undefined) {
        const c = cliEstimate(s.st.scenario);
        if (c) {
          ++compared;
          const a = s.st.results.memory_total, b = c.result.memory.total;
          if (!(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)))) findings.push(`${where}: page ${a} B per card, CLI ${b} B`);
        }
      }
      // The link's own scenario, when the CLI accepts it, is the page's, field for field.
      const ls = linkScenario(h);
      if (ls !== undefined && !h.includes('overlay=')) {
        const c = cliEstimate(ls);
        if (c && s.st.scenario) {
          const p = cliEstimate(s.st.scenario);
          if (!p || JSON.stringify(p.scenario) !== JSON.stringify(c.scenario)) findings.push(`${where}: the page holds another scenario than the link's`);
          else ++same;
        }
      }
    } catch (e) {
      findings.push(`${where}: ${String(e.message || e).slice(0, 200)}`);
    }
  }
  await page.close();
  await browser.close();
}
await Promise.all(Array.from({ length: lanes }, (_, k) => lane(k)));
console.log(`${loads} page loads of ${loadsToRun.length} hostile links (seed ${seed}, ${lanes} lanes, desktop and 2x phone) in ${Math.round((Date.now() - t0) / 1000)} s; ` +
            `${compared} compared with the CLI's memory per card, ${same} links' scenarios held field for field; findings ${findings.length}`);
for (const f of findings.slice(0, 50)) console.log('  ' + f.slice(0, 400));
if (findings.length) {
  const out = path.join(root, 'build', 'hostile-pages-findings.txt');
  fs.writeFileSync(out, findings.join('\n') + '\n');
  console.log(`every finding, whole: ${out}`);
}
process.exit(findings.length ? 1 : 0);
