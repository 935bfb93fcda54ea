// Browser tests of what a stranger can send (issue 14, SECURITY.md): a link carrying another
// vendor's overlay, a host page's own input beside the calculator, emoji through the phone
// keyboard, a broken share link, a config nested 10,000 deep, a 100,000-character vendor name.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DESKTOP, PHONE, launch, openPage, state, rects, press, screenshot, sleep, runner, expect, root, pageUrl, waitReady } from './lib.mjs';

const t = runner();
const browser = await launch();
const html = fs.readFileSync(path.join(root, 'dist', 'xuanka.html'), 'utf8');
const emptyBlock = '<script type="application/json" id="xuanka-config">{}</script>';
expect(html.includes(emptyBlock), 'the config block was not found in the page');

// A vendor's page: the calculator with the vendor's own overlay in its config block.
function vendorPage(name, config, extraBody = '') {
  const file = path.join(root, 'build', `${name}.html`);
  let page = html.replace(emptyBlock, `<script type="application/json" id="xuanka-config">${JSON.stringify(config).replace(/<\//g, '<\\/')}</script>`);
  if (extraBody) page = page.replace('<body>', `<body>${extraBody}`);
  fs.writeFileSync(file, page);
  return pathToFileURL(file).href;
}

const own = { schema_version: 1, vendor: { name: '杭州示例算力', contact: '400-000-0000' },
              offers: [{ id: 'nvidia-a800-sxm4-80gb', rent_cny_per_card_hour: 18.5, in_stock: true }],
              hidden: ['nvidia-h100-sxm5-80gb'] };
const spoof = { schema_version: 1, vendor: { name: 'Spoof Cloud', contact: 'call 000' },
                offers: [{ id: 'nvidia-a800-sxm4-80gb', rent_cny_per_card_hour: 0.5 }, { id: 'nvidia-h20', rent_cny_per_card_hour: 0.01 }],
                hidden: ['nvidia-a800-sxm4-80gb'] };
const ownUrl = vendorPage('xuanka-vendor-own', { overlay: own, view: 'recommend' });
const spoofParam = 'overlay=' + encodeURIComponent(JSON.stringify(spoof));

for (const [form, url] of [['#overlay=', `${ownUrl}#${spoofParam}`], ['?overlay=', `${ownUrl}?${spoofParam}&utm=host`]]) {
  await t.test(`a vendor page opened with ${form} carrying another name and prices shows the vendor's own, and says a link tried`, async () => {
    const { page, problems } = await openPage(browser, DESKTOP, url);
    const s = await state(page);
    expect(s.vendor && s.vendor.name === '杭州示例算力', `vendor is ${JSON.stringify(s.vendor)}`);
    expect(s.vendor.rent_cny_per_card_hour['nvidia-a800-sxm4-80gb'] === 18.5, `A800 rent ${JSON.stringify(s.vendor.rent_cny_per_card_hour)}`);
    expect(!('nvidia-h20' in s.vendor.rent_cny_per_card_hour), 'the link\'s H20 price was taken');
    expect(s.vendor.hidden.includes('nvidia-h100-sxm5-80gb') && !s.vendor.hidden.includes('nvidia-a800-sxm4-80gb'), `hidden ${s.vendor.hidden}`);
    expect(s.page_problems.some((p) => p.startsWith('link.overlay: vendor data in a link is ignored')), `page problems ${s.page_problems}`);
    const r = await rects(page);
    expect(r.page_problems && r.page_problems.h > 0, 'the page does not show that a link tried to change the vendor');
    // The address (what "Copy link" copies) keeps the host's own parameter and drops the overlay.
    const href = await page.evaluate(() => location.href);
    expect(!href.includes('overlay') && !href.includes('Spoof'), `the address still carries the overlay: ${href.slice(0, 200)}`);
    if (form === '?overlay=') expect(href.includes('utm=host'), `the host's own query parameter was dropped: ${href.slice(0, 200)}`);
    if (form === '#overlay=') await screenshot(page, 'desktop-vendor-spoof-link');
    await press(page, DESKTOP, 'page_problems.ok');
    expect(!(await rects(page)).page_problems, 'the notice stays after Dismiss');
    expect(problems.length === 0, problems.join('; '));
    await page.close();
  });
}

await t.test('phone: a broken share link opens the page with a notice in Chinese naming link.s', async () => {
  const { page, problems } = await openPage(browser, PHONE, `${pageUrl}#s=%7B%22model%22`);
  const s = await state(page);
  expect(s.page_problems.some((p) => p.startsWith('link.s: not valid JSON') && p.includes('the link may be cut off')), `page problems ${s.page_problems}`);
  const r = await rects(page);
  expect(r.page_problems && r.page_problems.x >= 0 && r.page_problems.x + r.page_problems.w <= PHONE.viewport.width + 1,
         `notice ${JSON.stringify(r.page_problems)}`);
  expect(s.missing_glyphs.length === 0, `missing glyphs ${s.missing_glyphs}`);
  await screenshot(page, 'phone-broken-link');
  expect(problems.length === 0, problems.join('; '));
  await page.close();
});

await t.test('a host page\'s own <input> beside the calculator receives its keys; the calculator does not', async () => {
  const url = vendorPage('xuanka-host-input', { overlay: own },
    '<input id="host-input" style="position:fixed;right:8px;bottom:8px;z-index:10;width:240px;font-size:16px">');
  const { page, problems } = await openPage(browser, DESKTOP, url);
  const before = await state(page);
  await page.click('#host-input');
  await page.keyboard.type('hello 123', { delay: 10 });
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await sleep(200);
  const value = await page.$eval('#host-input', (el) => el.value);
  expect(value === 'hello 12', `the host's input holds '${value}'`);
  const after = await state(page);
  expect(JSON.stringify(after.scenario) === JSON.stringify(before.scenario) && after.view === before.view,
         'the calculator reacted to keys typed into the host\'s input');
  expect(problems.length === 0, problems.join('; '));
  await page.close();
});

await t.test('phone: 20 emoji through the keyboard become replacement characters, and the page keeps working', async () => {
  const { page, problems } = await openPage(browser, PHONE);
  await press(page, PHONE, 'nav.compare');
  await press(page, PHONE, 'compare.filter');
  const cdp = await page.createCDPSession();
  await cdp.send('Input.insertText', { text: '😀'.repeat(20) });
  await cdp.detach();
  await sleep(300);
  const s = await state(page);  // threw before: ImGui's 16-bit characters left a NUL in the text
  expect(s.compare.filter === '\uFFFD'.repeat(20), `filter is ${JSON.stringify(s.compare.filter)}`);
  expect(problems.length === 0, problems.join('; '));
  await page.close();
});

await t.test('a config nested 10,000 deep and a 100,000-character vendor name: the page starts, says so, keeps its layout', async () => {
  const deep = vendorPage('xuanka-deep-config', {}, '<script>var d = {}; var x = d; for (var i = 0; i < 10000; ++i) { x.a = {}; x = x.a; } window.XUANKA_CONFIG = d;</script>');
  let { page, problems } = await openPage(browser, DESKTOP, deep);
  let s = await state(page);
  expect(s.page_problems.includes('XUANKA_CONFIG: nested deeper than 64 levels, not read'), `page problems ${s.page_problems}`);
  expect(problems.length === 0, problems.join('; '));
  await page.close();

  const long = vendorPage('xuanka-long-vendor', { overlay: { schema_version: 1, vendor: { name: 'A'.repeat(100000) } } });
  ({ page, problems } = await openPage(browser, DESKTOP, long));
  s = await state(page);
  expect(s.page_problems.some((p) => p.startsWith('overlay.vendor.name: longer than 40 characters (100000)')), `page problems ${s.page_problems.map((p) => p.slice(0, 100))}`);
  const r = await rects(page);
  for (const id of ['nav.estimate', 'nav.cost', 'lang', 'about']) {
    expect(r[id] && r[id].x >= 0 && r[id].x + r[id].w <= DESKTOP.viewport.width + 1, `${id} is off-screen: ${JSON.stringify(r[id])}`);
  }
  expect(JSON.stringify(s).length < 20000, `the state echoes ${JSON.stringify(s).length} characters`);
  await screenshot(page, 'desktop-long-vendor-name');
  expect(problems.length === 0, problems.join('; '));
  await page.close();
});

await t.test('the page\'s Content-Security-Policy refuses any network load, and the page runs under it', async () => {
  const { page, problems } = await openPage(browser, DESKTOP);
  // A script that tries to reach out (what a spoofed string would try): the browser refuses it.
  const refused = await page.evaluate(() => new Promise((resolve) => {
    document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true });
    fetch('http://127.0.0.1:9/x').catch(() => {});
    setTimeout(() => resolve('not refused'), 3000);
  }));
  expect(refused.startsWith('connect-src'), `a fetch was ${refused}`);
  const s = await state(page);
  expect(s.results && s.summary.length > 0, 'the page has no results under its policy');
  // The console reports the refused fetch (that is the policy working); nothing else.
  const others = problems.filter((p) => !p.includes('127.0.0.1:9'));
  expect(others.length === 0, others.join('; '));
  await page.close();
});

await t.test('a 1.5 MB paste into Check keeps its first 1 MB and says so, the page keeps working; an error after start-up is shown and a reload reopens the plan', async () => {
  const { page, problems } = await openPage(browser, DESKTOP);
  await press(page, DESKTOP, 'nav.check');
  await page.evaluate(() => window.xuanka.recordText(true));
  await press(page, DESKTOP, 'check.paste');
  // What a paste does to the focused text agent: a new value, then an input event. 1,499,994
  // bytes: the page died here with "memory access out of bounds" when the text went onto the
  // WebAssembly stack (issue 40); the box keeps ui::kMaxTextBytes = 1,000,000 bytes.
  await page.evaluate(() => {
    const a = document.activeElement;
    a.value = 'GPU 0: x\n'.repeat(166666);
    a.dispatchEvent(new Event('input'));
  });
  await sleep(500);
  let s = await state(page);
  expect(s.check.chars === 1000000, `the box keeps ${s.check.chars} bytes`);
  expect(s.drawn_text.some((x) => x.includes('只保留了前 1 MB')), 'the box does not say the paste was cut');
  expect(s.drawn_text.some((x) => x.includes('（最多 1 MB）')), 'the limit is not named before the paste');
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await sleep(200);
  await press(page, DESKTOP, 'check.example');
  s = await state(page);
  expect(s.check.devices.length > 0 && !s.drawn_text.some((x) => x.includes('只保留了前 1 MB')),
         `after the paste: ${s.check.devices.length} devices from the example, the cut notice ${s.drawn_text.some((x) => x.includes('只保留了前 1 MB')) ? 'still' : 'no longer'} shown`);

  // An error inside a call into C++ after start-up (injected: the wake-up call throws).
  await press(page, DESKTOP, 'nav.estimate');
  const before = await state(page);
  await page.evaluate(() => { window.Module._app_wake = () => { throw new Error('injected by the test'); }; window.xuanka.wake(); });
  const shown = await page.$eval('[data-xk="status"]', (el) => (getComputedStyle(el).display !== 'none' ? el.textContent : ''));
  expect(shown.includes('选卡出错') && shown.includes('injected by the test'), `the page shows '${shown.slice(0, 200)}'`);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('[data-xk="reload"]')]);
  await waitReady(page);
  const after = await state(page);
  expect(after.summary === before.summary && after.view === 'estimate', `reloaded on '${after.summary}' (${after.view}), was '${before.summary}'`);
  expect(problems.length === 0, problems.join('; '));
  await page.close();
});

await browser.close();
process.exit(t.finish());
