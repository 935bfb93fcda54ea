// Shared helpers of the browser tests (tests layer): launch Debian's Chromium, open the page,
// wait for the app's ready signal, read the test hook, click or tap widgets by their rectangles.
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { PNG } from 'pngjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const pagePath = path.join(root, 'dist', 'xuanka.html');
export const pageUrl = pathToFileURL(pagePath).href;
export const shotDir = path.join(root, 'tests', 'e2e', 'screenshots');

export const DESKTOP = { name: 'desktop', viewport: { width: 1280, height: 800, deviceScaleFactor: 1 } };
export const PHONE = {
  name: 'phone',
  viewport: { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
};
// A second phone, of another size and pixel ratio: 414 x 896 CSS px at 2x (the screen of an
// iPhone 11 or XR; the browser is still Chromium, so its user agent stays Chrome's on Android).
// The suites that tap and scroll through the views most (buyer, interface, action, catalog) run
// on it; the pixel-level ones (fonts and glyphs, screenshots, the QR code, saved pictures,
// embeds) on the 3x phone above. A frame of its canvas has half the pixels of the 3x one, and
// SwiftShader's time per frame goes with the pixels.
export const PHONE_2X = { ...PHONE, viewport: { width: 414, height: 896, deviceScaleFactor: 2, isMobile: true, hasTouch: true } };

export async function launch() {
  return puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           '--disable-quic', '--no-first-run', '--force-color-profile=srgb',
           '--allow-file-access-from-files'],
  });
}

// Opens `url` in a new page emulating `device`; records every network request that is not the
// page itself or a data: URL, every console error and page error.
export async function openPage(browser, device, url = pageUrl) {
  const page = await browser.newPage();
  const problems = [];
  const allowed = new Set([url.split('#')[0]]);
  page.on('request', (req) => {
    const u = req.url();
    if (u.startsWith('data:') || allowed.has(u.split('#')[0])) return;
    problems.push(`network request: ${u}`);
  });
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  if (device.userAgent) await page.setUserAgent(device.userAgent);
  await page.setViewport(device.viewport);
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  await waitReady(page);
  return { page, problems, loadMs: Date.now() - t0, allow: (u) => allowed.add(u) };
}

export async function waitReady(frameOrPage, timeout = 30000) {
  // The app's own ready signal, polled (never a frame count: the page renders on demand).
  await frameOrPage.waitForFunction(() => window.xuanka && window.xuanka.ready === true, { polling: 100, timeout });
}

export const state = (page) => page.evaluate(() => window.xuanka.state());
export const rects = (page) => page.evaluate(() => window.xuanka.rects());
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// One-finger drag from (x, y0) to (x, y1) through CDP touch events (a phone scroll gesture). Each
// event waits for a frame while the finger is down, and a frame of the dpr-3 phone canvas takes
// SwiftShader 0.23-0.27 s on these machines (measured 2026-12-03; 0.4 s before the page stopped
// drawing full-screen backgrounds, ui/app.cpp; 0.07-0.1 s at dpr 1): ensureVisible
// moves in 3 steps, the gesture test (interface.test.mjs) in 8 like a finger.
export async function swipe(page, x, y0, y1, steps = 8) {
  const cdp = await page.createCDPSession();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
  for (let i = 1; i <= steps; ++i) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + (y1 - y0) * i / steps }] });
    await sleep(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await sleep(100);
}

// Scrolls the page (wheel on desktop, a finger drag on the phone) until widget `id` is on screen.
// `popup`: the id of the popup the widget is in (a combo's list floats over the page and
// scrolls itself); its rectangle bounds what is visible.
export async function ensureVisible(page, device, id, popup = null) {
  const vh = device.viewport.height;
  let lastY = null, stuck = 0;
  for (let tries = 0; tries < 40; ++tries) {
    const all = await rects(page);
    const r = all[id];
    // A finger that lands on a text field selects text there instead of scrolling, as it would
    // on a phone: when a gesture moved nothing, the next one starts at another spot.
    if (r && lastY !== null && r.y === lastY) ++stuck;
    lastY = r ? r.y : null;
    // Widgets of the scrolling content must lie inside it (not under the title bar); the title
    // bar (with the vendor's bar), the navigation and the page's notice above them do not scroll.
    const fixed = id.startsWith('nav.') || id.startsWith('page_problems') || ['lang', 'about', 'vendor', 'quote'].includes(id);
    const c = popup && all[popup] ? all[popup] : all.content && !fixed ? all.content : { y: 0, h: vh };
    const top = Math.max(0, c.y), bottom = Math.min(vh, c.y + c.h) - 4;
    if (r && r.y >= top && r.y + r.h <= bottom) return r;
    const down = !r || r.y + r.h > bottom;
    const x = popup && all[popup] ? all[popup].x + all[popup].w / 2 : device.viewport.width * 0.6;
    if (device.viewport.hasTouch) {
      // One drag aimed to bring the widget's centre to the middle of what scrolls (drag_to_scroll
      // in ui/widgets.cpp moves the content 1:1 with the finger), at most 70% of its height, so
      // that both ends of the drag stay inside it. Unknown rectangle: 70% in the wanted direction.
      const h = bottom - top, margin = Math.min(40, h * 0.1), most = h - 2 * margin;
      let d = r ? r.y + r.h / 2 - (top + bottom) / 2 : (down ? 1 : -1) * most;
      d = Math.max(-most * 0.85, Math.min(most * 0.85, d));
      // Where the finger lands: spread over the room the drag leaves, moved when stuck.
      const room = most - Math.abs(d), frac = [0.5, 0.9, 0.1][stuck % 3];
      const y0 = d > 0 ? top + margin + d + room * frac : top + margin + room * frac;
      await swipe(page, x, y0, y0 - d, 3);
      await idle(page);  // the rectangles read next are those of the frame after the drag
    } else {
      // The wheel over the widget's own column (a desktop's Estimate scrolls its inputs and its
      // results apart): the widget's x when it is laid out, else the default.
      const wx = !popup && r ? Math.min(device.viewport.width - 2, Math.max(2, r.x + r.w / 2)) : x;
      await page.mouse.move(wx, popup && all[popup] ? all[popup].y + all[popup].h / 2 : vh / 2);
      await page.mouse.wheel({ deltaY: down ? 300 : -300 });
      await sleep(120);
      await idle(page);
    }
  }
  throw new Error(`widget '${id}' never came into view`);
}

// Clicks (desktop) or taps (phone) the centre of widget `id` from the app's own rectangles.
export async function press(page, device, id, popup = null) {
  const r = await ensureVisible(page, device, id, popup);
  const x = r.x + r.w / 2, y = r.y + r.h / 2;
  if (device.viewport.hasTouch) {
    await page.touchscreen.tap(x, y);
  } else {
    await page.mouse.move(x, y);
    await sleep(50);
    await page.mouse.down();
    await sleep(50);
    await page.mouse.up();
  }
  await sleep(400);  // past ImGui's double-click time (0.3 s), so the next press is a new click
  await idle(page);
}

// Waits until the page has drawn every frame the last input asked for (its main loop paused,
// web/main.cpp): a tap is a press and a release a frame or more apart, and its effect lands a frame
// or two later; a frame of the dpr-3 phone canvas takes SwiftShader 0.25 s and more when two suites
// share the machine, so a fixed wait once read the page before a tapped preset had applied (CI,
// 2026-12-05). 10 s at most (a page that keeps drawing is for its own test to find).
export async function idle(page) {
  await page.waitForFunction(() => window.xuanka.state().paused === true, { polling: 50, timeout: 10000 }).catch(() => {});
}

// Taps a field, replaces its text the way a phone keyboard or IME commit does, and closes the keyboard.
export async function setField(page, device, id, text) {
  await press(page, device, id);
  const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
  expect(focused === 'xuanka-agent' || focused === 'xuanka-agent-area', `tapping '${id}' did not focus the text agent (${focused})`);
  await page.evaluate(() => { const a = document.activeElement; a.value = ''; a.dispatchEvent(new Event('input')); });
  const cdp = await page.createCDPSession();
  await cdp.send('Input.insertText', { text });
  await cdp.detach();
  await sleep(200);
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await sleep(300);
  await idle(page);
}

// Waits until the page (the host page, for the embeds) has stopped scrolling: a swipe's fling
// goes on after the finger lifts, and while it does Chrome treats the next gesture's touchstart
// and first touchmove as passive (its "passive during fling" intervention), so a calculator could
// not keep that swipe whatever it decided. scrollY unchanged over 300 ms, or 5 s at most.
export async function scrollStill(page) {
  let last = await page.evaluate(() => window.scrollY), still = 0;
  for (let i = 0; i < 50 && still < 3; ++i) {
    await sleep(100);
    const y = await page.evaluate(() => window.scrollY);
    still = y === last ? still + 1 : 0;
    last = y;
  }
}

// Lets the page draw a few frames (glyphs missing in one frame are added for the next).
export async function settle(page) {
  for (let i = 0; i < 3; ++i) {
    await page.evaluate(() => window.xuanka.wake && window.xuanka.wake());
    await sleep(250);
  }
}

export async function screenshot(page, name) {
  fs.mkdirSync(shotDir, { recursive: true });
  const file = path.join(shotDir, `${name}.png`);
  const buf = await page.screenshot({ type: 'png' });
  fs.writeFileSync(file, buf);
  return { file, buf };
}

// A blank canvas is one colour; a drawn page has text. Counts distinct colours in the PNG.
export function distinctColours(buf) {
  const png = PNG.sync.read(buf);
  const seen = new Set();
  for (let i = 0; i < png.data.length; i += 4 * 7) {
    seen.add((png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2]);
    if (seen.size > 64) break;
  }
  return seen.size;
}

// A static server on 127.0.0.1 (any free port) serving the repository's dist/ folder.
export function serveDist(dir = path.join(root, 'dist')) {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      const p = path.join(dir, decodeURIComponent(req.url.split('?')[0].split('#')[0]));
      if (!p.startsWith(dir) || !fs.existsSync(p) || fs.statSync(p).isDirectory()) {
        res.writeHead(404); res.end(); return;
      }
      res.writeHead(200, { 'content-type': p.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream' });
      fs.createReadStream(p).pipe(res);
    });
    server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${server.address().port}` }));
  });
}

// A tiny test runner with the plain closing line "N passed, N failed".
export function runner() {
  const results = [];
  return {
    async test(name, fn) {
      const t0 = Date.now();
      try {
        await fn();
        results.push({ name, ok: true });
        console.log(`ok   ${name} (${Date.now() - t0} ms)`);
      } catch (e) {
        results.push({ name, ok: false });
        console.log(`FAIL ${name}\n     ${String(e && e.stack || e).split('\n').slice(0, 4).join('\n     ')}`);
      }
    },
    finish() {
      const passed = results.filter((r) => r.ok).length;
      const failed = results.length - passed;
      console.log(`${passed} passed, ${failed} failed`);
      return failed === 0 ? 0 : 1;
    },
  };
}

export function expect(cond, msg) { if (!cond) throw new Error(msg); }
