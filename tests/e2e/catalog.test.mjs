// Browser tests of the Compare and Check-a-card views (tests layer): real clicks and taps on
// the app's own widget rectangles, typing through the phone keyboard's text agent, pasting
// nvidia-smi output; screenshots of each view on desktop and phone.
import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP, PHONE_2X as PHONE, launch, openPage, pageUrl, state, rects, press, screenshot, sleep, runner, expect, root, shotDir, settle, ensureVisible } from './lib.mjs';

const t = runner();
const browser = await launch();
const smi = fs.readFileSync(path.join(root, 'tests/vectors/smi/npu-smi-910b3.txt'), 'utf8');

async function typeInto(page, device, id, text) {
  await press(page, device, id);
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
  expect(focused === 'xuanka-agent' || focused === 'xuanka-agent-area', `tapping '${id}' did not focus the text agent (${focused})`);
  const cdp = await page.createCDPSession();
  await cdp.send('Input.insertText', { text });  // what a phone keyboard or IME commit does
  await cdp.detach();
  await sleep(200);
}

for (const device of [DESKTOP, PHONE]) {
  await t.test(`${device.name}: Compare lists every card, filters by typing, opens a detail and side by side`, async () => {
    const { page, problems } = await openPage(browser, device);
    await press(page, device, 'nav.compare');
    let s = await state(page);
    expect(s.view === 'compare', `view is ${s.view}`);
    const cards = s.catalog.accelerators;
    expect(cards >= 56, `catalog has ${cards} cards`);
    let r = await rects(page);
    expect(Object.keys(r).filter((k) => k.startsWith('card.')).length === cards, 'not every card has a row');
    await screenshot(page, `${device.name}-compare`);

    await typeInto(page, device, 'compare.filter', '910');
    s = await state(page);
    expect(s.compare.filter === '910', `filter is '${s.compare.filter}'`);
    r = await rects(page);
    const shown = Object.keys(r).filter((k) => k.startsWith('card.'));
    expect(shown.length === 8 && shown.every((k) => k.includes('910')), `filter 910 shows ${shown}`);
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await sleep(200);

    await press(page, device, 'card.huawei-ascend-910b2');
    s = await state(page);
    expect(s.compare.detail === 'huawei-ascend-910b2', `detail is '${s.compare.detail}'`);
    await screenshot(page, `${device.name}-detail-910b2`);
    await press(page, device, 'detail.back');

    await typeInto(page, device, 'compare.filter', '');
    await page.evaluate(() => { const a = document.activeElement; if (a) { a.value = ''; a.dispatchEvent(new Event('input')); a.blur(); } });
    await sleep(200);
    for (const id of ['nvidia-a100-sxm4-80gb', 'nvidia-h100-sxm5-80gb', 'nvidia-h800-sxm5-80gb', 'huawei-ascend-910b2']) {
      await press(page, device, `pick.${id}`);
    }
    s = await state(page);
    expect(s.compare.picked.length === 4, `picked ${s.compare.picked}`);
    await press(page, device, 'compare.side_by_side');
    expect((await state(page)).compare.side_by_side, 'side by side did not open');
    await screenshot(page, `${device.name}-side-by-side`);
    s = await state(page);
    expect(s.missing_glyphs.length === 0, `missing glyphs ${s.missing_glyphs}`);
    expect(problems.length === 0, problems.join('; '));
    await page.close();
  });

  await t.test(`${device.name}: Check a card names pasted npu-smi devices and judges their load`, async () => {
    const { page, problems } = await openPage(browser, device);
    await press(page, device, 'nav.check');
    await typeInto(page, device, 'check.paste', smi);
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await sleep(300);
    const s = await state(page);
    expect(s.check.format === 'npu-smi info', `format ${s.check.format}`);
    expect(s.check.devices.length === 2 && s.check.devices.every((d) => d.id === 'huawei-ascend-910b3'),
           `devices ${JSON.stringify(s.check.devices)}`);
    expect(s.check.devices[1].verdict === 'memory_full', `verdict ${s.check.devices[1].verdict}`);
    await screenshot(page, `${device.name}-check`);
    expect(s.missing_glyphs.length === 0, `missing glyphs ${s.missing_glyphs}`);
    expect(problems.length === 0, problems.join('; '));
    await page.close();
  });
}

await t.test('a vendor overlay in the page\'s config block brands the page, sets prices and hides cards', async () => {
  const { pathToFileURL } = await import('node:url');
  const html = fs.readFileSync(path.join(root, 'dist', 'xuanka.html'), 'utf8');
  const overlay = { schema_version: 1, vendor: { name: '杭州示例算力', contact: '400-000-0000' },
                    offers: [{ id: 'nvidia-a800-sxm4-80gb', rent_cny_per_card_hour: 18.5, in_stock: true }],
                    hidden: ['nvidia-h100-sxm5-80gb'] };
  const branded = html.replace('<script type="application/json" id="xuanka-config">{}</script>',
                               `<script type="application/json" id="xuanka-config">${JSON.stringify({ overlay, view: 'compare' })}</script>`);
  expect(branded !== html, 'the config block was not found in the page');
  const file = path.join(root, 'build', 'xuanka-vendor.html');
  fs.writeFileSync(file, branded);
  const { page, problems } = await openPage(browser, DESKTOP, pathToFileURL(file).href);
  const s = await state(page);
  expect(s.catalog.problems.length === 0, `overlay problems: ${s.catalog.problems}`);
  const r = await rects(page);
  expect(r.vendor, 'the vendor line is not shown');
  expect(!r['card.nvidia-h100-sxm5-80gb'] && r['card.nvidia-a800-sxm4-80gb'], 'hidden card still listed, or A800 missing');
  await screenshot(page, 'desktop-vendor-overlay');
  expect(s.missing_glyphs.length === 0, `missing glyphs ${s.missing_glyphs}`);
  expect(problems.length === 0, problems.join('; '));
  await page.close();
});



// Issue 39 item 8: Check on a phone. An 8-card server's paste reads as one block with a summary, not
// eight identical blocks; a finger dragged over the paste box scrolls the page instead of being
// caught by the box; 国产 typed into Compare finds the domestic cards.
await t.test('phone zh: an 8-card paste gives one block and a summary; a drag over the paste box scrolls the page; 国产 finds the domestic cards', async () => {
  const { page, problems } = await openPage(browser, PHONE, `${pageUrl}#lang=zh&view=check`);
  await page.evaluate(() => window.xuanka.recordText(true));
  const eight = ['name, memory.total [MiB], memory.used [MiB], utilization.gpu [%]',
                 ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `NVIDIA H20, 97871 MiB, ${i < 2 ? 1024 : 90211} MiB, ${i < 2 ? 0 : 71} %`)].join('\n') + '\n';
  await typeInto(page, PHONE, 'check.paste', eight);
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await sleep(300);
  await press(page, PHONE, 'nav.check');  // a tap elsewhere leaves the box
  await settle(page);
  let s = await state(page);
  expect(s.check.devices.length === 8, `devices ${s.check.devices.length}`);
  let r = await rects(page);
  expect(r['check.summary'], 'no summary of the paste');
  expect(r['check.open.0'] && !r['check.open.1'], 'one card model should give one block with one Details button');
  const summary = s.drawn_text.find((x) => x.startsWith('共 8 张卡'));
  expect(summary && summary.includes('8 × H20'), `summary ${summary}: ${s.drawn_text.filter((x) => x.includes('张')).join(' | ')}`);
  // core/smi_parse.cpp's rule: 1,024 of 97,871 MiB at 0% is idle; 90,211 / 97,871 = 92% used is
  // over its 90%, so memory nearly full, whatever the 71% load.
  expect(s.drawn_text.some((x) => x.includes('2 张空闲') && x.includes('6 张显存将满') && x.includes('平均利用率 53.2%')), `counts: ${s.drawn_text.filter((x) => x.includes('张')).join(' | ')}`);
  await screenshot(page, 'phone-zh-check-eight');
  // A finger drag that starts on the paste box moves the page.
  r = await rects(page);
  const box = r['check.paste'];
  expect(box, 'no paste box');
  const before = r['check.summary'].y;
  const { swipe } = await import('./lib.mjs');
  await swipe(page, box.x + box.w / 2, box.y + box.h - 10, box.y + 10);
  await sleep(300);
  r = await rects(page);
  expect(r['check.summary'] && r['check.summary'].y < before - 40, `the page did not scroll: summary at ${before} -> ${r['check.summary'] && r['check.summary'].y}`);
  // 国产 in Compare.
  await press(page, PHONE, 'nav.compare');
  await typeInto(page, PHONE, 'compare.filter', '国产');
  const shown = Object.keys(await rects(page)).filter((k) => k.startsWith('card.'));
  s = await state(page);
  expect(shown.length >= 5 && shown.every((k) => /^card\.(huawei|cambricon|hygon|kunlunxin|moorethreads|iluvatar|metax|biren|enflame|thead)-/.test(k)), `国产 shows ${shown}`);
  expect(problems.length === 0, problems.join('; '));
  await page.close();
});

// Issue 34: prices are compared within one kind of offer. Compare's price column and Cost price
// the kind picked (default lease); a card with no price of that kind shows "—", not another kind's.
for (const [device, lang] of [[PHONE, 'zh'], [PHONE, 'en'], [DESKTOP, 'zh']]) {
  await t.test(`${device.name} ${lang}: Compare and Cost price one kind of offer, picked on the page`, async () => {
    const { page, problems } = await openPage(browser, device, `${pageUrl}#lang=${lang}&view=compare`);
    let s = await state(page);
    expect(s.compare.offer === 'lease', `default offer ${s.compare.offer}`);
    await press(page, device, 'compare.offer');
    await press(page, device, 'compare.offer.market', 'compare.offer.popup');
    s = await state(page);
    expect(s.compare.offer === 'market', `offer after picking ${s.compare.offer}`);
    await screenshot(page, `${device.name}-${lang}-compare-market-prices`);
    // A card's detail lists every kind side by side, each with its months and sources.
    await press(page, device, 'card.nvidia-h200-sxm-141gb');
    await ensureVisible(page, device, 'detail.price_date');
    await screenshot(page, `${device.name}-${lang}-detail-h200-prices`);
    await press(page, device, 'detail.back');
    await press(page, device, 'nav.cost');
    s = await state(page);
    expect(s.view === 'cost', `view ${s.view}`);
    // The default card (A100 SXM 80GB) at AutoDL's market price, 7.03 CNY per card-hour
    // (scripts/data/sources/prices_2026-12.csv, 2026-10-04), for its one card, VAT excluded.
    expect(Math.abs(s.results.rent_cny_per_hour - 7.03 * s.results.gpus) < 1e-9, `market rent ${s.results.rent_cny_per_hour} for ${s.results.gpus} cards`);
    await press(page, device, 'cost.offer');
    await press(page, device, 'cost.offer.lease', 'cost.offer.popup');
    s = await state(page);
    // Lease: the median of omniyq's 4.34 and SMM's 5.47-6.60 (midpoint 6.035) = 5.19.
    expect(Math.abs(s.results.rent_cny_per_hour - 5.19 * s.results.gpus) < 1e-9, `lease rent ${s.results.rent_cny_per_hour}`);
    await screenshot(page, `${device.name}-${lang}-cost-lease`);
    expect(s.missing_glyphs.length === 0, `missing glyphs ${s.missing_glyphs}`);
    expect(problems.length === 0, problems.join('; '));
    await page.close();
  });
}

await browser.close();
console.log(`screenshots: ${shotDir}`);
process.exit(t.finish());
