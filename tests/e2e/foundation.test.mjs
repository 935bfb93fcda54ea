// Browser tests of the page's frame (tests layer): opens dist/xuanka.html from file:// on a
// desktop and an emulated phone; no network, no console errors, a drawn canvas, no missing
// glyphs, the language switch by a real click or tap, idle rendering, iframe and http serving.
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { DESKTOP, PHONE, launch, openPage, state, press, screenshot, distinctColours, sleep,
         serveDist, waitReady, runner, expect, pagePath, pageUrl, shotDir } from './lib.mjs';

const t = runner();
if (!fs.existsSync(pagePath)) {
  console.log(`FAIL the page ${pagePath} does not exist: build it first (scripts/test does)`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const browser = await launch();
const figures = [];

for (const device of [DESKTOP, PHONE]) {
  await t.test(`${device.name}: loads from file:// with no request, no error, no missing glyph`, async () => {
    const { page, problems, loadMs } = await openPage(browser, device);
    const s = await state(page);
    const firstFrameMs = await page.evaluate(() => window.xuanka.first_frame_ms);
    figures.push(`${device.name}: first frame at ${firstFrameMs.toFixed(0)} ms after navigation start ` +
                 `(goto→ready ${loadMs} ms), font ${s.font_px}px, atlas ${s.atlas[0]}x${s.atlas[1]}`);
    expect(s.lang === 'zh', `default language should be zh, got ${s.lang}`);
    expect(s.missing_glyphs.length === 0, `missing glyphs: ${s.missing_glyphs.map((c) => 'U+' + c.toString(16))}`);
    const dpr = device.viewport.deviceScaleFactor;
    expect(s.dpr === dpr, `dpr ${s.dpr} != ${dpr}`);
    expect(Math.abs(s.display[0] - device.viewport.width * dpr) <= 1,
           `backing store ${s.display[0]} px wide, want ${device.viewport.width * dpr} (sharp at dpr ${dpr})`);
    const { buf } = await screenshot(page, `${device.name}-zh`);
    expect(distinctColours(buf) > 8, 'the canvas looks blank');
    expect(problems.length === 0, problems.join('; '));
    await page.close();
  });

  await t.test(`${device.name}: the language switch takes by a real ${device.viewport.hasTouch ? 'tap' : 'click'} and is kept in the URL`, async () => {
    const { page, problems } = await openPage(browser, device);
    await press(page, device, 'lang');
    let s = await state(page);
    expect(s.lang === 'en', `after one press the language is ${s.lang}`);
    expect((await page.evaluate(() => location.hash)).includes('lang=en'), 'URL hash does not say lang=en');
    expect(s.missing_glyphs.length === 0, `missing glyphs in English: ${s.missing_glyphs}`);
    await screenshot(page, `${device.name}-en`);
    await press(page, device, 'about');
    s = await state(page);
    expect(s.about_open === true, 'About did not open');
    await screenshot(page, `${device.name}-about-en`);
    await press(page, device, 'lang');
    s = await state(page);
    expect(s.lang === 'zh' && s.about_open === true, `second press: lang ${s.lang}, about ${s.about_open}`);
    await screenshot(page, `${device.name}-about-zh`);
    // Reload with the URL: the choice is restored from it.
    await press(page, device, 'lang');
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await waitReady(page);
    expect((await state(page)).lang === 'en', 'the language from the URL was not restored');
    expect(problems.length === 0, problems.join('; '));
    await page.close();
  });
}

await t.test('desktop: idle page renders no frame in 2 s without input', async () => {
  const { page, problems } = await openPage(browser, DESKTOP);
  await sleep(500);
  const a = await state(page);
  await sleep(2000);
  const b = await state(page);
  figures.push(`idle: frames ${a.frames}→${b.frames}, main-loop ticks ${a.loop_ticks}→${b.loop_ticks} over 2 s`);
  expect(b.frames === a.frames, `rendered ${b.frames - a.frames} frames while idle`);
  expect(b.loop_ticks === a.loop_ticks, `main loop ticked ${b.loop_ticks - a.loop_ticks} times while idle`);
  expect(b.paused === true, 'main loop is not paused');
  expect(problems.length === 0, problems.join('; '));
  await page.close();
});

await t.test('served over http by a static server, and inside an <iframe>', async () => {
  const { server, base } = await serveDist();
  try {
    const { page, problems, allow } = await openPage(browser, DESKTOP, `${base}/xuanka.html?lang=en`);
    expect((await state(page)).lang === 'en', 'lang=en from the query was not taken');
    expect(problems.length === 0, problems.join('; '));
    // A host page with the calculator in an iframe.
    const host = path.join(path.dirname(pagePath), '..', 'build', 'iframe-host.html');
    fs.mkdirSync(path.dirname(host), { recursive: true });
    const hostPage = await browser.newPage();
    const hostProblems = [];
    hostPage.on('pageerror', (e) => hostProblems.push(e.message));
    await hostPage.setViewport({ width: 1000, height: 700 });
    await hostPage.setContent(`<h1>IDC vendor</h1><iframe id="f" src="${base}/xuanka.html" style="width:900px;height:560px;border:0"></iframe>`);
    const frame = await (await hostPage.$('#f')).contentFrame();
    await waitReady(frame);
    const s = await frame.evaluate(() => window.xuanka.state());
    expect(s.missing_glyphs.length === 0 && s.frames > 0, 'iframe did not render');
    await screenshot(hostPage, 'desktop-iframe');
    expect(hostProblems.length === 0, hostProblems.join('; '));
    allow(base);
    await hostPage.close();
    await page.close();
  } finally {
    server.close();
  }
});

await t.test('without WebGL2 the page says so in plain words instead of going blank', async () => {
  const noGl = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-webgl', '--disable-background-networking', '--disable-component-update'] });
  try {
    const page = await noGl.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewport(DESKTOP.viewport);
    await page.goto(pageUrl);
    await sleep(1500);
    const s = await page.evaluate(() => ({ cls: document.getElementById('status').className,
                                           text: document.getElementById('status-text').innerText,
                                           shown: getComputedStyle(document.getElementById('status')).display !== 'none' }));
    expect(s.cls === 'fatal' && s.shown && s.text.includes('WebGL2'), `status: ${JSON.stringify(s)}`);
    expect(errors.length === 0, errors.join('; '));
    await screenshot(page, 'desktop-no-webgl2');
  } finally {
    await noGl.close();
  }
});

// scripts/pack_wasm.py carries the wasm as base64(gzip) and glue.js unpacks it: through the
// browser's DecompressionStream, or through its own inflater where a browser lacks one (Safari
// before 16.4). Both paths must start the page; the inflater must give the browser's bytes.
await t.test('the wasm is carried gzip-compressed and starts by either unpacking path', async () => {
  const html = fs.readFileSync(pagePath, 'utf8');
  expect(!/data:application\/octet-stream;base64,[A-Za-z0-9+\/]/.test(html),
         'the page still carries a plain base64 wasm data URI (pack_wasm.py did not run)');
  expect(/<script type="application\/octet-stream" id="xuanka-wasm-gz" data-bytes="\d+">H4sI/.test(html),
         'no gzip block (base64 of a gzip stream starts "H4sI", RFC 1952 magic 1f 8b 08)');
  const { page, problems } = await openPage(browser, DESKTOP);
  const by = await page.evaluate(() => window.xuanka.wasm_unpacked_by);
  expect(by === 'DecompressionStream', `unpacked by ${by}`);
  // The fallback inflater against the browser's own gzip, on stored, fixed and dynamic blocks.
  const same = await page.evaluate(async () => {
    const data = new TextEncoder().encode('选卡 xuanka '.repeat(4000) + Math.PI.toString().repeat(50));
    const gz = new Uint8Array(await new Response(new Blob([data]).stream()
      .pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
    const out = new Uint8Array(window.xuanka.gunzip(gz, data.length));
    return out.length === data.length && out.every((b, i) => b === data[i]);
  });
  expect(same, 'the fallback inflater disagrees with the browser\'s gzip');
  expect(problems.length === 0, problems.join('; '));
  await page.close();

  const old = await browser.newPage();
  await old.evaluateOnNewDocument(() => { delete window.DecompressionStream; });
  const errors = [];
  old.on('pageerror', (e) => errors.push(e.message));
  await old.setViewport(DESKTOP.viewport);
  await old.goto(pageUrl);
  await waitReady(old);
  const by2 = await old.evaluate(() => window.xuanka.wasm_unpacked_by);
  expect(by2 === 'inflate', `without DecompressionStream unpacked by ${by2}`);
  const { buf } = await screenshot(old, 'desktop-inflate-fallback');
  expect(distinctColours(buf) > 8, 'the canvas looks blank after the fallback inflater');
  expect(errors.length === 0, errors.join('; '));
  await old.close();
});

// The first-frame budget (issue 13: <= 1.0 s after navigation, median of 5 loads): printed as a
// figure with where the time goes (web/main.cpp startup_ms), never asserted (speed is shown by
// figures, not timed tests).
for (const device of [DESKTOP, PHONE]) {
  const loads = [];
  for (let i = 0; i < 5; ++i) {
    const { page } = await openPage(browser, device);
    const f = await page.evaluate(() => ({ first: window.xuanka.first_frame_ms, wasm: window.xuanka.timing,
                                           steps: window.xuanka.state().startup_ms }));
    loads.push(f);
    await page.close();
  }
  loads.sort((a, b) => a.first - b.first);
  const m = loads[2], s = m.steps, r = (x) => x.toFixed(0);
  figures.push(`first-frame budget, ${device.name}: median of 5 loads ${r(m.first)} ms (target 1000; loads ${loads.map((l) => r(l.first)).join(', ')}); ` +
               `in the median load: wasm unpacked ${r(m.wasm.unpacked_ms - m.wasm.unpack_start_ms)} ms, compiled ${r(m.wasm.instantiated_ms - m.wasm.unpacked_ms)} ms, ` +
               `catalog ${r(s.catalog_loaded - s.main)} ms, first results ${r(s.first_results - s.catalog_loaded)} ms, ` +
               `WebGL + ImGui ${r(s.gl_ready - s.first_results)} ms, font atlas ${r(s.fonts_built - s.gl_ready)} ms, first draw ${r(s.first_frame - s.fonts_built)} ms`);
}

await browser.close();
console.log(`screenshots: ${shotDir}`);
for (const f of figures) console.log(`figure: ${f}`);
process.exit(t.finish());
