// web/glue.js — the page's thin JS glue (web layer, --pre-js): configuration from the host page
// and the URL, touch and wheel input, resize and device pixel ratio, render-on-demand wake-ups,
// URL state, and the test hook window.xuanka. Recipes: ../shared/WEB-PLATFORM.md §1-§7.
(function () {
  'use strict';
  if (typeof window === 'undefined') return;
  var canvas = Module.canvas;
  var hook = { ready: false, first_frame_ms: null, errors: [] };
  window.xuanka = hook;
  // Two ways in: the page (dist/xuanka.html, alone or in an iframe) owns its document; the <div>
  // embed (dist/xuanka-embed.js, web/embed.js) is a guest in the host's, inside Module.root. The
  // guest reads no address, writes none, takes only the keys typed on its canvas, and tells the
  // host through DOM events on its element instead of postMessage.
  var div = Module.divEmbed === true;
  var root = div ? Module.root : document;
  hook.div_embed = div;
  function part(name) { return root.querySelector('[data-xk="' + name + '"]'); }
  // The page as it came, for "Save for offline": taken now, while this script runs and before
  // anything changes the document (the packed wasm is emptied once unpacked, the canvas sized,
  // the text agents added). The file's closing tags come from serialising the document. The
  // <div> embed has no page of its own to save (the button is not shown there).
  var pageSource = div ? '' : '<!doctype html>\n' + document.documentElement.outerHTML;
  Module.canSaveOffline = !div;

  // --- configuration: the raw sources, read and merged in C++ (ui/page_state.cpp) -----------
  // The host page's config block < window.XUANKA_CONFIG < URL query < URL hash; vendor data only
  // from the first two. Nothing is parsed here, so the URL is read and written in one place.
  // The <div> embed: the host's options stand in for the block (options.config), the query
  // (options.lang) and the hash (options.hash); the host's own address is the host's.
  var opts = div ? Module.embedOptions || {} : null;
  var src = div ? { block: opts.config_json || '', global_json: '', query: opts.lang ? '?lang=' + encodeURIComponent(opts.lang) : '',
                    hash: typeof opts.hash === 'string' ? opts.hash : '' }
                : { block: '', global_json: '', query: location.search || '', hash: location.hash || '' };
  try {
    var el = div ? null : document.getElementById('xuanka-config');
    if (el) src.block = el.textContent.trim();
  } catch (e) { /* no DOM access */ }
  try {
    if (window.XUANKA_CONFIG !== undefined) src.global_json = JSON.stringify(window.XUANKA_CONFIG) || '';
  } catch (e) { src.global_json = '{"__error":"' + String(e.message).slice(0, 80).replace(/"/g, "'") + '"}'; }
  Module.configSources = src;

  // --- status, fatal errors, first frame -----------------------------------------------------
  Module.showFatal = function (msg) {
    var s = part('status');
    if (!s) return;
    s.style.display = 'flex';
    s.className = 'fatal';
    s.setAttribute('data-fatal', '1');
    part('status-text').textContent = '选卡无法启动 / xuanka could not start: ' + msg;
  };
  // Anything that stops the start-up (an abort, an uncaught error before the first frame) says
  // so in the status box instead of leaving the spinner turning.
  Module.onAbort = function (what) {
    if (hook.ready) Module.showBroken(what); else Module.showFatal(String(what).slice(0, 200));
  };
  // An error after start-up (a call into C++ that threw or trapped): the WebAssembly state can no
  // longer be trusted, so the page says so and offers to reload; the page's plan is in its address
  // (write_url after every change), so the reload reopens it. The <div> embed keeps no address of
  // its own: reloading its host starts it afresh, and it says so.
  Module.showBroken = function (what) {
    hook.errors.push(String(what && what.message || what).slice(0, 200));
    if (hook.broken) return;
    hook.broken = true;
    hook.ready = false;  // no more calls into the broken instance
    var s = part('status');
    if (!s) return;
    s.style.display = 'flex';
    s.className = 'fatal';
    s.setAttribute('data-fatal', '1');
    var t = part('status-text');
    t.textContent = (div ? '选卡出错，已停止。重新载入页面即可重新开始。 / xuanka hit an error and stopped; reload the page to start again. ('
                         : '选卡出错，已停止。你的设置保存在地址中，重新载入即可继续。 / xuanka hit an error and stopped; ' +
                           'your plan is in the address, so reloading continues from it. (') + String(what && what.message || what).slice(0, 120) + ') ';
    var b = document.createElement('button');
    b.textContent = '重新载入 / Reload';
    b.setAttribute('data-xk', 'reload');
    b.onclick = function () { location.reload(); };
    t.appendChild(b);
  };
  // (A guest in a host's page hears the host's errors too: it keeps them, but they are not its own.)
  window.addEventListener('error', function (e) {
    hook.errors.push(String(e.message).slice(0, 200));
    if (!hook.ready && !Module.noWebGL2 && !div) Module.showFatal(String(e.message).slice(0, 200));
  });
  Module.onFirstFrame = function () {
    hook.first_frame_ms = performance.now();
    var s = part('status');
    if (s) s.style.display = 'none';
    hook.ready = true;
  };
  if (Module.noWebGL2) {
    // The shell already explained it in plain words; do not start the app into a blank canvas.
    Module.noInitialRun = true;
  }

  // --- the wasm, carried gzip-compressed (scripts/pack_wasm.py) -----------------------------
  // base64(gzip(wasm)) in <script id="xuanka-wasm-gz">: 265 KB less over the wire than
  // emscripten's plain base64 data URI. Emscripten calls Module.instantiateWasm(imports,
  // receive) instead of loading its own (src/preamble.js, createWasm); returning {} tells it the
  // exports come later through receive(). The page built without the packing step keeps
  // emscripten's data URI and never sets the hook.
  // The <div> embed carries the same bytes in its script (Module.wasmGz: {bytes, base64}).
  var packed = div ? Module.wasmGz : document.getElementById('xuanka-wasm-gz');
  if (packed) {
    Module.instantiateWasm = function (imports, receive) {
      // Without WebGL2 the app never starts (the shell says why): nothing to unpack.
      if (Module.noWebGL2) return {};
      var size = div ? packed.bytes : parseInt(packed.getAttribute('data-bytes'), 10);
      var bin = atob(div ? packed.base64 : packed.textContent.trim());
      var gz = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; ++i) gz[i] = bin.charCodeAt(i);
      bin = null;
      if (div) packed.base64 = ''; else packed.textContent = '';   // 0.9 MB of text no longer needed
      var unpack;
      if (typeof DecompressionStream === 'function' && typeof Response === 'function' && typeof Blob === 'function') {
        hook.wasm_unpacked_by = 'DecompressionStream';
        unpack = new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
      } else {
        hook.wasm_unpacked_by = 'inflate';
        unpack = new Promise(function (resolve) { resolve(gunzip(gz, size)); });
      }
      hook.timing = { unpack_start_ms: performance.now() };
      unpack.then(function (bytes) {
        hook.timing.unpacked_ms = performance.now();
        if (bytes.byteLength !== size) throw new Error('wasm unpacked to ' + bytes.byteLength + ' bytes, expected ' + size);
        return WebAssembly.instantiate(bytes, imports);
      }).then(function (r) { hook.timing.instantiated_ms = performance.now(); receive(r.instance, r.module); }, function (e) {
        Module.showFatal('wasm: ' + String(e && e.message || e).slice(0, 160));
      });
      return {};
    };
  }
  // gzip (RFC 1952) around deflate (RFC 1951), for browsers without DecompressionStream (before
  // Chrome 80, Safari 16.4, Firefox 113). After Mark Adler's puff.c (zlib contrib/puff): canonical
  // Huffman codes decoded bit by bit; slow but small, and only the fallback.
  function gunzip(src, outLen) {
    if (src[0] !== 0x1f || src[1] !== 0x8b || src[2] !== 8 || src[3] !== 0) throw new Error('not a plain gzip stream');
    var pos = 10, bitbuf = 0, bitcnt = 0, out = new Uint8Array(outLen), op = 0;
    function bits(n) {
      var v = bitbuf;
      while (bitcnt < n) {
        if (pos >= src.length) throw new Error('gzip stream ends early');
        v |= src[pos++] << bitcnt; bitcnt += 8;
      }
      bitbuf = v >>> n; bitcnt -= n;
      return v & ((1 << n) - 1);
    }
    function huff(lengths, n) {     // puff.c construct(): counts per length, symbols by code
      var count = new Uint16Array(16), symbol = new Uint16Array(n), offs = new Uint16Array(16), l, s;
      for (s = 0; s < n; ++s) count[lengths[s]]++;
      for (l = 1; l < 15; ++l) offs[l + 1] = offs[l] + count[l];
      for (s = 0; s < n; ++s) if (lengths[s]) symbol[offs[lengths[s]]++] = s;
      return { count: count, symbol: symbol };
    }
    function decode(h) {            // puff.c slow decode()
      var code = 0, first = 0, index = 0;
      for (var l = 1; l < 16; ++l) {
        code |= bits(1);
        var c = h.count[l];
        if (code - c < first) return h.symbol[index + (code - first)];
        index += c; first += c; first <<= 1; code <<= 1;
      }
      throw new Error('bad Huffman code');
    }
    var LBASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
    var LEXT = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
    var DBASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
    var DEXT = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
    var ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
    var fixed = null, last;
    do {
      last = bits(1);
      var type = bits(2), lit, dist;
      if (type === 0) {             // stored
        bitbuf = 0; bitcnt = 0;
        var len = src[pos] | (src[pos + 1] << 8);
        pos += 4;
        if (pos + len > src.length || op + len > outLen) throw new Error('bad stored block');
        out.set(src.subarray(pos, pos + len), op);
        pos += len; op += len;
        continue;
      }
      if (type === 1) {             // fixed codes (RFC 1951 §3.2.6)
        if (!fixed) {
          var fl = new Uint8Array(288), fd = new Uint8Array(30).fill(5), k;
          for (k = 0; k < 144; ++k) fl[k] = 8;
          for (; k < 256; ++k) fl[k] = 9;
          for (; k < 280; ++k) fl[k] = 7;
          for (; k < 288; ++k) fl[k] = 8;
          fixed = [huff(fl, 288), huff(fd, 30)];
        }
        lit = fixed[0]; dist = fixed[1];
      } else if (type === 2) {      // dynamic codes (RFC 1951 §3.2.7)
        var nlen = bits(5) + 257, ndist = bits(5) + 1, ncode = bits(4) + 4;
        var lengths = new Uint8Array(320), j;
        for (j = 0; j < ncode; ++j) lengths[ORDER[j]] = bits(3);
        var lencode = huff(lengths, 19);
        lengths = new Uint8Array(320);
        for (j = 0; j < nlen + ndist;) {
          var sym = decode(lencode);
          if (sym < 16) { lengths[j++] = sym; continue; }
          var rep = 0, prev = 0;
          if (sym === 16) { if (j === 0) throw new Error('repeat with no length'); prev = lengths[j - 1]; rep = 3 + bits(2); }
          else if (sym === 17) rep = 3 + bits(3);
          else rep = 11 + bits(7);
          if (j + rep > nlen + ndist) throw new Error('too many lengths');
          while (rep--) lengths[j++] = prev;
        }
        lit = huff(lengths.subarray(0, nlen), nlen);
        dist = huff(lengths.subarray(nlen, nlen + ndist), ndist);
      } else {
        throw new Error('bad block type');
      }
      for (;;) {
        var s = decode(lit);
        if (s < 256) { if (op >= outLen) throw new Error('output too long'); out[op++] = s; continue; }
        if (s === 256) break;
        s -= 257;
        if (s >= 29) throw new Error('bad length code');
        var n = LBASE[s] + bits(LEXT[s]);
        var ds = decode(dist);
        if (ds >= 30) throw new Error('bad distance code');
        var d = DBASE[ds] + bits(DEXT[ds]);
        if (d > op || op + n > outLen) throw new Error('bad distance');
        for (; n > 0; --n, ++op) out[op] = out[op - d];
      }
    } while (!last);
    return out.buffer;
  }
  hook.gunzip = gunzip;  // browser tests check it against the browser's own DecompressionStream
  // The hash holds the whole state; the query keeps only the host's own parameters: xuanka's keys
  // there (a link's state, or an overlay it tried to bring) are dropped, so "Copy link" never
  // carries them on (SECURITY.md).
  var ownKeys = ['lang', 'view', 's', 'region', 'card', 'r', 'overlay'];
  var lastHash = src.hash ? '#' + src.hash.replace(/^#/, '') : '';
  Module.setHash = function (hash) {
    lastHash = hash;
    if (div) return;   // the host's address is the host's
    try {
      var q = new URLSearchParams(location.search);
      ownKeys.forEach(function (k) { q.delete(k); });
      var rest = q.toString();
      history.replaceState(null, '', location.pathname + (rest ? '?' + rest : '') + hash);
    } catch (e) { /* sandboxed or opaque origin */ }
  };
  // The share link. The page: its own address. The <div> embed: options.link (the vendor's own
  // copy of the page, or the host page when it passes location.hash back in as options.hash), else
  // the host page's address, with the calculator's hash.
  Module.pageHref = function () {
    if (!div) return location.href;
    var base = typeof opts.link === 'string' && /^https?:\/\//i.test(opts.link) ? opts.link : location.href;
    return base.split('#')[0] + lastHash;
  };
  // A JS string as malloc'd UTF-8 for C++ (EM_JS imports in web/main.cpp; the caller frees it).
  Module.heapString = function (s) {
    var n = lengthBytesUTF8(s) + 1;
    var p = _malloc(n);
    stringToUTF8(s, p, n);
    return p;
  };

  // --- the host page: state out, a starting scenario in (README "Embedding") ----------------
  // Out: after every change, {type: "xuanka:state", hash, model, task, card, gpus, summary} to the
  // parent window. The scenario is the user's own and is in the page's address already, so any
  // host may hear it ("*"). Nothing is sent when the page is not embedded.
  // The <div> embed tells its host element instead: a DOM event of the same type, the message as
  // its detail (README "Embedding").
  var embedded = false;
  try { embedded = !div && window.parent !== window; } catch (e) { embedded = true; }
  function toHost(msg) {
    if (div) {
      try { root.dispatchEvent(new CustomEvent(msg.type, { detail: msg })); } catch (e) { /* old browser */ }
      return;
    }
    if (!embedded) return;
    try { window.parent.postMessage(msg, '*'); } catch (e) { /* detached */ }
  }
  Module.reportState = function (json) {
    var plan = JSON.parse(json);
    plan.type = 'xuanka:state';
    hook.lastState = plan;
    toHost(plan);
  };
  // In: only from the parent window, {type: "xuanka:load", hash: "#s=...&view=...", lang: "zh"|"en"}.
  // It is read exactly as a link is (ui/page_state.cpp): vendor data in it is ignored and said so.
  // The <div> embed's host calls handle.load({hash, lang}) instead (web/embed.js).
  function load(d) {
    if (!d || typeof d !== 'object') return;
    var text = typeof d.hash === 'string' ? d.hash.replace(/^#/, '') : '';
    if (typeof d.lang === 'string') text += (text ? '&' : '') + 'lang=' + encodeURIComponent(d.lang);
    if (!text || text.length > 256 * 1024 || !hook.ready) return;
    callText('_app_load_link', text);
  }
  Module.loadFromHost = load;
  window.addEventListener('message', function (e) {
    if (!embedded || e.source !== window.parent) return;
    if (e.data && e.data.type === 'xuanka:load') load(e.data);
  });

  // "询价 / Ask for a quote": the address comes from C++ (ui/export.cpp quote_link), built from the
  // vendor's validated target; it is checked again here, so that nothing but a page, a mail or a
  // call can ever open. The host hears of it ({type: "xuanka:quote", url, summary}) and may take the
  // lead itself. hook.open is what opens it (browser tests replace it to see the address).
  hook.lastQuote = null;
  hook.open = function (url) {
    if (/^https?:/i.test(url)) window.open(url, '_blank', 'noopener');
    else location.href = url;
  };
  Module.openQuote = function (url, summary) {
    if (!/^(https?:\/\/|mailto:|tel:)/i.test(url)) return;
    hook.lastQuote = url;
    toHost({ type: 'xuanka:quote', url: url, summary: summary });
    hook.open(url);
  };

  // "保存离线版 / Save for offline": the page itself with a new configuration block (the host's
  // own configuration with the current plan baked in: ui/page_state.cpp saved_copy_config, already
  // script-safe), downloaded as a file that opens from file:// with no network.
  hook.lastSave = null;
  Module.saveOffline = function (config) {
    // (Spelled in two pieces: the page must hold the block's opening tag once, for xuanka brand.)
    var open = '<script type="application/json" id="' + 'xuanka-config">';
    var a = pageSource.indexOf(open), b = a < 0 ? -1 : pageSource.indexOf('</' + 'script>', a);
    if (a < 0 || b < 0) return;
    var html = pageSource.slice(0, a + open.length) + config + pageSource.slice(b);
    hook.lastSave = { name: download(new Blob([html], { type: 'text/html' }), 'html'), bytes: html.length };
  };

  // The vendor's logo (overlay vendor.logo, validated in core/overlay.cpp and again here): the
  // browser decodes the data URI as an image (an SVG loaded as an image runs no script), draws it
  // `px` physical pixels high (at most 6 times as wide) and hands the pixels to C++ (app_logo).
  Module.loadLogo = function (uri, px) {
    if (!/^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+\/=]+$/.test(uri)) return;
    var img = new Image();
    img.onload = function () {
      var h = Math.max(1, px), ratio = (img.naturalWidth || 1) / (img.naturalHeight || 1);
      var w = Math.max(1, Math.min(6 * h, Math.round(h * ratio)));
      var c = document.createElement('canvas');
      c.width = w; c.height = h;
      var g = c.getContext('2d');
      g.drawImage(img, 0, 0, w, h);
      var data = g.getImageData(0, 0, w, h).data, p = _malloc(data.length);
      HEAPU8.set(data, p);
      Module._app_logo(p, w, h);
      _free(p);
      hook.logo = { width: w, height: h };
    };
    img.src = uri;
  };

  // "保存图片 / Save picture": the result drawn for a chat message, 1080 px wide (WeChat shows a
  // picture at full width on a phone), with the system's fonts; the spec comes from C++
  // (ui/export.cpp result_picture): the vendor's bar, the plan's lines, the memory bar against the
  // card, and the share link as a QR code of whole-pixel modules with a 4-module quiet zone.
  hook.lastPicture = null;
  Module.savePicture = function (json) {
    var spec = JSON.parse(json);
    var W = 1080, pad = 48, font = 'system-ui, -apple-system, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';
    var c = document.createElement('canvas'), g = c.getContext('2d');
    function wrap(text, px, width) {       // lines of `text` no wider than `width` at `px`
      g.font = px + 'px ' + font;
      var out = [], line = '';
      Array.from(text).forEach(function (ch) {
        if (line && g.measureText(line + ch).width > width) { out.push(line); line = ''; }
        line += ch;
      });
      if (line) out.push(line);
      return out;
    }
    var qr = spec.qr, qrModule = qr ? Math.max(2, Math.floor(300 / (qr.size + 8))) : 0, qrSide = qr ? qrModule * (qr.size + 8) : 0;
    var head = wrap(spec.vendor ? spec.vendor.name + (spec.vendor.contact ? ' · ' + spec.vendor.contact : '') : spec.title, 40, W - 2 * pad);
    var body = [];
    spec.lines.forEach(function (l) { body = body.concat(wrap(l, 34, W - 2 * pad)); });
    var legend = spec.memory.segments.map(function (s) { return s; });
    var H = pad + head.length * 54 + 40 + 60 + 80 + Math.ceil(legend.length / 2) * 48 + 24 + body.length * 50 + 32 + Math.max(qrSide, 60) + pad + 40;
    c.width = W; c.height = H;
    g.fillStyle = '#ffffff'; g.fillRect(0, 0, W, H);
    var y = 0, bandH = pad + head.length * 54 + 16;
    g.fillStyle = spec.vendor ? spec.vendor.color : '#1766cc'; g.fillRect(0, 0, W, bandH);
    g.fillStyle = '#ffffff'; g.font = '40px ' + font; g.textBaseline = 'top';
    head.forEach(function (l, i) { g.fillText(l, pad, pad * 0.7 + i * 54); });
    y = bandH + 40;
    var m = spec.memory;
    g.fillStyle = '#1a1f29'; g.font = 'bold 40px ' + font; g.fillText(m.heading, pad, y); y += 60;
    var barW = W - 2 * pad, scale = Math.max(m.total_bytes, m.capacity_bytes || 0) || 1, x = pad;
    g.fillStyle = '#e9edf3'; g.fillRect(pad, y, barW, 56);
    m.segments.forEach(function (s) { var w = barW * s.bytes / scale; g.fillStyle = s.color; g.fillRect(x, y, w, 56); x += w; });
    if (m.capacity_bytes) { g.fillStyle = '#c71f1f'; g.fillRect(pad + barW * m.capacity_bytes / scale - 3, y - 8, 6, 72); }
    y += 80;
    g.font = '30px ' + font;
    legend.forEach(function (s, i) {
      var lx = pad + (i % 2) * (barW / 2), ly = y + Math.floor(i / 2) * 48;
      g.fillStyle = s.color; g.fillRect(lx, ly + 4, 28, 28);
      g.fillStyle = '#1a1f29'; g.fillText(s.label, lx + 40, ly);
    });
    y += Math.ceil(legend.length / 2) * 48 + 24;
    if (m.verdict) { g.font = 'bold 34px ' + font; g.fillStyle = m.fits ? '#1a8c40' : '#c71f1f'; g.fillText(m.verdict, pad, y - 12); y += 40; }
    g.font = '34px ' + font; g.fillStyle = '#1a1f29';
    body.forEach(function (l) { g.fillText(l, pad, y); y += 50; });
    y += 32;
    if (qr) {
      var qx = W - pad - qrSide;
      g.fillStyle = '#ffffff'; g.fillRect(qx, y, qrSide, qrSide);
      g.fillStyle = '#000000';
      for (var r = 0; r < qr.size; ++r) {
        for (var k = 0; k < qr.size; ++k) {
          if (qr.bits.charCodeAt(r * qr.size + k) === 49) g.fillRect(qx + (k + 4) * qrModule, y + (r + 4) * qrModule, qrModule, qrModule);
        }
      }
      g.fillStyle = '#5a6270';
      wrap(spec.qr_caption, 28, W - 3 * pad - qrSide).forEach(function (l, i) { g.fillText(l, pad, y + 20 + i * 40); });
    }
    g.fillStyle = '#8a909a'; g.font = '26px ' + font;
    g.fillText(spec.title, pad, H - pad - 10);
    hook.lastPicture = { width: W, height: H };
    c.toBlob(function (blob) { if (blob) download(blob, 'png'); }, 'image/png');
  };
  // A file for the user, "xuanka-YYYY-MM-DD.EXT", through a link with the download attribute.
  function download(blob, ext) {
    var url = URL.createObjectURL(blob), link = document.createElement('a');
    link.href = url;
    link.download = 'xuanka-' + new Date().toISOString().slice(0, 10) + '.' + ext;
    document.body.appendChild(link);
    link.click();
    document.body.removeChild(link);
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    return link.download;
  }

  // Clipboard (WEB-PLATFORM.md §6): async API when allowed, else a hidden textarea + execCommand.
  hook.lastCopy = null;
  Module.copyText = function (text) {
    function fallback() {
      var ta = document.createElement('textarea');
      ta.value = text;
      ta.setAttribute('readonly', '');
      ta.style.cssText = 'position:fixed;left:-9999px;top:0;opacity:0;';
      document.body.appendChild(ta);
      ta.select();
      var ok = false;
      try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      document.body.removeChild(ta);
      hook.lastCopy = { text: text, via: ok ? 'execCommand' : 'failed' };
    }
    hook.lastCopy = { text: text, via: 'pending' };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { hook.lastCopy = { text: text, via: 'async' }; }, fallback);
    } else {
      fallback();
    }
  };
  Module.announce = function (text) {
    var a = part('announce');
    if (a) a.textContent = text;
  };

  // --- test hook ------------------------------------------------------------------------------
  function callJson(name) {
    var f = Module[name];
    if (!f) return null;
    return JSON.parse(UTF8ToString(f()));
  }
  hook.state = function () { return callJson('_app_test_state'); };
  hook.rects = function () { return callJson('_app_test_rects'); };

  function call(name) {
    var f = Module[name];
    if (!f || !hook.ready) return;
    try {
      return f.apply(null, Array.prototype.slice.call(arguments, 1));
    } catch (e) {
      Module.showBroken(e);
    }
  }
  // Text into C++ through the heap as (pointer, bytes), never on the WebAssembly stack (issue 40).
  function callText(name, text) {
    if (!Module[name] || !hook.ready) return;
    var p = Module.heapString(text);
    try {
      call(name, p, lengthBytesUTF8(text));
    } finally {
      _free(p);
    }
  }
  function wake() { call('_app_wake'); }
  // Browser tests: keep every text drawn (state().drawn_text) from the next frame on.
  hook.recordText = function (on) { call('_app_record_text', on ? 1 : 0); };
  hook.wake = wake;  // draw a frame (tests: after a change the page did not see as input)

  // --- keys: GLFW listens on the whole window (capture) and would take the host page's keys
  // (§1.3.4). Its handlers are wrapped before glfwInit registers them, so that they see only
  // keys meant for the app; every other listener, the host page's included, still gets every
  // key (stopping the event instead would silence the host's own inputs).
  // The <div> embed takes only keys typed while its canvas has the focus: the host's page
  // (its inputs, its shortcuts, Backspace and Space anywhere else) keeps all the rest.
  function keyForApp(t) {
    if (div) return t === canvas;
    return t === canvas || t === document.body || t === document || t === window || t === document.documentElement;
  }
  Module.preRun = (Module.preRun || []).concat([function () {
    if (typeof GLFW === 'undefined') return;
    [['onKeydown'], ['onKeyPress'], ['onKeyup']].forEach(function (p) {
      var orig = GLFW[p[0]];
      if (typeof orig !== 'function') return;
      GLFW[p[0]] = function (e) { if (keyForApp(e.target)) return orig.call(GLFW, e); };
    });
  }]);
  ['keydown', 'keypress', 'keyup'].forEach(function (type) {
    window.addEventListener(type, function (e) {
      var t = e.target;
      if (agents && (t === agents.input || t === agents.area)) {
        // Keys typed into the agent reach ImGui through its value; Escape and Tab end editing.
        if (type === 'keydown' && (e.key === 'Escape' || e.key === 'Tab')) { e.preventDefault(); t.blur(); }
        return;
      }
      if (keyForApp(t)) wake();
    }, true);
  });

  // --- text agent: a hidden <input>/<textarea> that brings up the phone keyboard and the IME
  // (WEB-PLATFORM.md §1.3.3). Its value is mirrored into the active ImGui field.
  var agents = null;
  function makeAgents() {
    var host = canvas.parentNode;
    var form = document.createElement('form');
    form.setAttribute('autocomplete', 'off');
    form.style.cssText = 'position:absolute;left:0;top:0;width:1px;height:1px;margin:0;padding:0;overflow:hidden;opacity:0;';
    var style = 'position:absolute;left:0;top:0;width:1px;height:1px;font-size:16px;border:0;padding:0;opacity:0;caret-color:transparent;resize:none;';
    var input = document.createElement('input');
    input.type = 'text';
    var area = document.createElement('textarea');
    [input, area].forEach(function (el) {
      el.id = el === input ? 'xuanka-agent' : 'xuanka-agent-area';
      el.style.cssText = style;
      el.setAttribute('autocomplete', 'off');
      el.setAttribute('autocapitalize', 'off');
      el.setAttribute('autocorrect', 'off');
      el.setAttribute('spellcheck', 'false');
      el.setAttribute('aria-hidden', 'true');
      el.tabIndex = -1;
      form.appendChild(el);
      var composing = false;
      el.addEventListener('compositionstart', function () { composing = true; });
      el.addEventListener('compositionend', function () { composing = false; send(el); });
      el.addEventListener('input', function (e) { if (!composing && !e.isComposing) send(el); });
      el.addEventListener('blur', function () { if (hook.ready) { call('_app_agent_commit'); call('_app_frame_now'); } });
    });
    form.addEventListener('submit', function (e) { e.preventDefault(); input.blur(); });
    host.appendChild(form);
    agents = { input: input, area: area };
  }
  function send(el) {
    if (!hook.ready) return;
    // More than 1,000,000 characters is more than the 1,000,000 bytes a field keeps
    // (ui::kMaxTextBytes): only that much is copied, and C++ says the paste was cut.
    var v = el.value;
    callText('_app_agent_input', v.length > 1000001 ? v.slice(0, 1000001) : v);
    call('_app_frame_now');
  }
  // After a gesture's frame: focus the agent if ImGui now wants text (focus only inside a
  // user-activation handler: mouseup / touchend, never touchstart).
  function syncAgent() {
    if (!hook.ready || !Module._app_agent_query) return;
    if (!agents) makeAgents();
    var q = callJson('_app_agent_query');
    var el = q.multiline ? agents.area : agents.input;
    var other = q.multiline ? agents.input : agents.area;
    if (!q.active) {
      if (document.activeElement === agents.input || document.activeElement === agents.area) document.activeElement.blur();
      return;
    }
    if (document.activeElement === el) return;
    if (document.activeElement === other) other.blur();
    if (!q.multiline) el.inputMode = q.numeric ? 'decimal' : 'text';
    el.value = q.text;
    el.style.left = q.x + 'px';
    el.style.top = q.y + 'px';
    el.parentNode.style.left = '0px';
    try { el.focus({ preventScroll: true }); } catch (e) { el.focus(); }
    try { el.setSelectionRange(el.value.length, el.value.length); } catch (e) { /* some input types */ }
  }
  hook.agent = function () { return agents; };

  // --- touch: GLFW 3.1.6 ignores touch positions (§0.a); feed the app ourselves -------------
  // Embedded (the <div> embed, or the page in an <iframe>) the canvas allows vertical panning
  // (touch-action: pan-y; web/embed.js, and here for the iframe), and a swipe's first move decides:
  // if the calculator is at its edge in that direction, the host page scrolls for the rest of the
  // gesture (the app's touch is cancelled; from an iframe, whose own document never scrolls, the
  // browser chains the pan to the page around it); otherwise the move is the calculator's. The
  // page on its own keeps every touch (touch-action: none): it has nothing else to scroll, and a
  // pan there would only pull the browser's refresh.
  var hostPans = div || embedded;
  if (embedded) canvas.style.touchAction = 'pan-y';
  var swipe = null;  // { y0, host: true|false|null (undecided) } while a finger is down
  function onTouch(e) {
    if (e.target !== canvas) return;
    var t = e.changedTouches[0];
    var kind = { touchstart: 0, touchmove: 1, touchend: 2, touchcancel: 3 }[e.type];
    if (hostPans && t) {
      if (kind === 0) swipe = { y0: t.clientY, host: null };
      if (swipe && swipe.host === null && kind === 1 && Math.abs(t.clientY - swipe.y0) >= 6) {
        var b = canvas.getBoundingClientRect();
        swipe.host = !!call('_app_wheel_at_edge', t.clientY > swipe.y0 ? 1 : -1, t.clientX - b.left, swipe.y0 - b.top);
        if (swipe.host) { call('_app_touch', 3, 0, 0); wake(); }
      }
      if (swipe && swipe.host) {
        if (kind >= 2) swipe = null;
        return;                // the browser scrolls the host page
      }
      if (kind >= 2) swipe = null;
      // A touchstart is not cancelled here (that would forbid the host's scroll); touchend is,
      // which is what stops the compatibility mouse events.
      if (kind !== 0) e.preventDefault();
    } else {
      e.preventDefault();      // no compatibility mouse events, no scroll, no pinch-zoom
    }
    e.stopPropagation();       // GLFW's canvas listeners never see it
    if (!t) return;
    var r = canvas.getBoundingClientRect();
    var x = t.clientX - r.left, y = t.clientY - r.top;
    call('_app_touch', kind, x, y);
    if (kind === 0) { call('_app_frame_now'); call('_app_frame_now'); }   // hover, then press
    // Release, then two more frames: a tapped text field activates two frames after the tap, and
    // the phone keyboard opens only inside this gesture's handler.
    if (kind >= 2) { call('_app_frame_now'); call('_app_frame_now'); call('_app_frame_now'); syncAgent(); }
  }
  ['touchstart', 'touchmove', 'touchend', 'touchcancel'].forEach(function (type) {
    window.addEventListener(type, onTouch, { capture: true, passive: false });
  });

  // --- mouse: wake on movement; run the click's frames inside the gesture (clipboard rules) --
  canvas.addEventListener('mousemove', function () { call('_app_mouse_used'); wake(); });
  window.addEventListener('mousedown', function (e) { if (e.target === canvas) { call('_app_mouse_used'); call('_app_frame_now'); } });
  window.addEventListener('mouseup', function (e) { if (e.target === canvas) { call('_app_frame_now'); syncAgent(); } });

  // --- wheel: GLFW 3.1.6 passes raw DOM deltas (§0.c); scale by deltaMode --------------------
  window.addEventListener('wheel', function (e) {
    if (e.target !== canvas) return;
    // ImGui: 1.0 = one notch. DOM: ~100 px per notch (mode 0), 3 lines (mode 1), 1 page (mode 2).
    var k = e.deltaMode === 1 ? 1 / 3 : e.deltaMode === 2 ? 1 : 1 / 100;
    // A wheel the calculator cannot use (at its top going up, at its bottom going down, or over
    // what does not scroll) scrolls the host page instead: the <div> embed's host, or the page
    // around an <iframe>. The page alone has nothing else to scroll.
    var b = canvas.getBoundingClientRect();
    if (e.deltaY && !e.deltaX && !e.ctrlKey && call('_app_wheel_at_edge', -e.deltaY, e.clientX - b.left, e.clientY - b.top)) return;
    e.preventDefault();
    e.stopPropagation();
    call('_app_wheel', -e.deltaX * k, -e.deltaY * k);
  }, { capture: true, passive: false });

  // --- size and device pixel ratio (§2) ------------------------------------------------------
  var lastDpr = 0;
  function resize() {
    var r = canvas.getBoundingClientRect();
    var dpr = window.devicePixelRatio || 1;
    lastDpr = dpr;
    call('_app_resize', r.width, r.height, dpr);
  }
  Module.appResize = resize;
  window.addEventListener('resize', resize);
  window.addEventListener('orientationchange', resize);
  if (window.visualViewport) window.visualViewport.addEventListener('resize', resize);
  if (window.ResizeObserver) new ResizeObserver(resize).observe(canvas);
  function watchDpr() {
    if (!window.matchMedia) return;
    var mq = window.matchMedia('(resolution: ' + (window.devicePixelRatio || 1) + 'dppx)');
    var h = function () { resize(); watchDpr(); };
    if (mq.addEventListener) mq.addEventListener('change', h, { once: true });
  }
  watchDpr();
  document.addEventListener('visibilitychange', function () {
    if ((window.devicePixelRatio || 1) !== lastDpr) resize();
    wake();
  });

  Module.postRun = (Module.postRun || []).concat([function () {
    // The runtime is up: call() is allowed once ready; size the canvas now.
    var r = canvas.getBoundingClientRect();
    lastDpr = window.devicePixelRatio || 1;
    if (Module._app_resize) Module._app_resize(r.width, r.height, lastDpr);
  }]);
})();
