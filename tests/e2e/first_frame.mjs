// Prints the first frame's time after navigation (median of N loads, desktop and phone) of one or
// more pages, loaded alternately so that a busy machine slows each alike. A benchmark: figures only.
//   node tests/e2e/first_frame.mjs [--loads N] [PAGE.html ...]      (default: dist/xuanka.html, 5)
import { pathToFileURL } from 'node:url';
import { DESKTOP, PHONE, launch, openPage, pagePath } from './lib.mjs';

const args = process.argv.slice(2);
let loads = 5;
const i = args.indexOf('--loads');
if (i >= 0) { loads = Number(args[i + 1]); args.splice(i, 2); }
const pages = args.length ? args : [pagePath];
const browser = await launch();
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
for (const device of [DESKTOP, PHONE]) {
  const ms = pages.map(() => []);
  for (let k = 0; k < loads; ++k) {
    for (let p = 0; p < pages.length; ++p) {
      const { page } = await openPage(browser, device, pathToFileURL(pages[p]).href);
      ms[p].push(await page.evaluate(() => window.xuanka.first_frame_ms));
      await page.close();
    }
  }
  for (let p = 0; p < pages.length; ++p) {
    console.log(`first frame ${device.name} ${pages[p]}: median ${median(ms[p]).toFixed(0)} ms of ${ms[p].map((x) => x.toFixed(0)).join(', ')}`);
  }
}
await browser.close();
