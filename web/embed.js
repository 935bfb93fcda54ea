// xuanka-embed.js — the calculator for a host page that cannot use an iframe: one script, then
//   XuankaEmbed.mount(element, options)
// draws it inside `element` (give it a size). Made at build time by scripts/pack_wasm.py from this
// template and the page's own runtime (the same wasm, gzip-compressed, and web/glue.js), so the
// page and the embed never differ. README "Embedding" has the snippet and the options.
//
// A guest in the host's document: it reads and writes no address (options.hash starts it, the
// "xuanka:state" event reports it), takes only keys typed while its canvas has the focus (the
// host's inputs keep every key: WEB-PLATFORM.md §6, Option B), and its names are only
// XuankaEmbed and xuanka (the test hook). One calculator per page: Emscripten's GLFW (3.1.6)
// holds one window and listens on the whole window.
(function () {
  if (typeof window === 'undefined' || window.XuankaEmbed) return;
  var WASM_GZ = /*{{WASM_GZ}}*/null;
  // The page's runtime (emscripten's output with web/glue.js), run in this function's scope: its
  // "var Module = typeof Module != 'undefined' ? Module : {}" takes the argument.
  function runtime(Module) {
/*{{RUNTIME}}*/
  }

  var mounted = false;
  // The canvas's size comes from this rule, not its style attribute: emscripten's
  // Browser.updateCanvasDimensions (src/library_browser.js) removes an inline width and height on
  // every resize, and the canvas would then take its pixel size as its CSS size (x3 per resize at
  // device pixel ratio 3).
  var STYLE = 'canvas.xuanka-embed-canvas{display:block;width:100%!important;height:100%!important}' +
              '.xuanka-embed-spin{width:36px;height:36px;border:4px solid #c8d7f0;border-top-color:#1766cc;' +
              'border-radius:50%;animation:xuanka-embed-spin .9s linear infinite}' +
              '[data-xk=status][data-fatal] .xuanka-embed-spin{display:none}' +
              '@keyframes xuanka-embed-spin{to{transform:rotate(360deg)}}';

  function el(tag, css, attrs) {
    var e = document.createElement(tag);
    if (css) e.style.cssText = css;
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  }

  // options: {lang: "zh"|"en", hash: "#s=...&view=..." (a share link's hash, e.g. location.hash),
  // config: {...} (the page's configuration block: vendor overlay, region ...; the host is the
  // vendor, so vendor data is allowed here), link: "https://..." (the address share links and
  // QR codes point to; default the host page)}. Returns {element, load({hash, lang})}; throws
  // when the element is missing or a calculator is already on the page.
  function mount(host, options) {
    if (!host || host.nodeType !== 1) throw new Error('XuankaEmbed.mount: the first argument must be an element');
    if (mounted) throw new Error('XuankaEmbed.mount: one calculator per page (open more in iframes)');
    mounted = true;
    options = options || {};
    var config = '';
    if (options.config !== undefined) {
      try { config = JSON.stringify(options.config) || ''; } catch (e) { config = '{"__error":"options.config is not JSON"}'; }
    }
    if (!document.getElementById('xuanka-embed-style')) {
      var st = el('style', '', { id: 'xuanka-embed-style' });
      st.textContent = STYLE;
      document.head.appendChild(st);
    }
    if (getComputedStyle(host).position === 'static') host.style.position = 'relative';
    var canvas = el('canvas', 'outline:none;touch-action:pan-y;user-select:none;' +
                    '-webkit-user-select:none;-webkit-tap-highlight-color:transparent;',
                    { 'class': 'xuanka-embed-canvas', role: 'application', tabindex: '0',
                      'aria-label': '选卡 xuanka：GPU 与 AI 训练服务器选型计算器 / GPU and AI-server selection calculator' });
    canvas.addEventListener('contextmenu', function (e) { e.preventDefault(); });
    var status = el('div', 'position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;' +
                    'gap:12px;background:#f7f7fa;text-align:center;padding:24px;font:16px/1.5 system-ui,sans-serif;color:#1a1f29;',
                    { 'data-xk': 'status', role: 'status' });
    status.appendChild(el('div', '', { 'class': 'xuanka-embed-spin' }));
    var statusText = el('div', '', { 'data-xk': 'status-text' });
    statusText.textContent = '正在加载选卡… Loading xuanka…';
    status.appendChild(statusText);
    var announce = el('div', 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;',
                      { 'data-xk': 'announce', 'aria-live': 'polite' });
    host.appendChild(canvas);
    host.appendChild(status);
    host.appendChild(announce);
    var Module = { canvas: canvas, root: host, divEmbed: true, wasmGz: WASM_GZ,
                   embedOptions: { lang: typeof options.lang === 'string' ? options.lang : '',
                                   hash: typeof options.hash === 'string' ? options.hash : '',
                                   link: typeof options.link === 'string' ? options.link : '', config_json: config } };
    WASM_GZ = null;  // the runtime empties it once unpacked
    var gl = null;
    try { gl = document.createElement('canvas').getContext('webgl2'); } catch (e) { gl = null; }
    if (!gl) {
      status.setAttribute('data-fatal', '1');
      status.style.color = '#9b1c1c';
      statusText.textContent = '此浏览器不支持 WebGL2，选卡无法显示。This browser has no WebGL2, so xuanka cannot draw.';
      return { element: host, load: function () {} };
    }
    runtime(Module);
    return { element: host, load: function (d) { if (Module.loadFromHost) Module.loadFromHost(d); } };
  }

  window.XuankaEmbed = { mount: mount };
})();
