// web/glue.js — the page's thin JS glue (web layer, --pre-js): configuration from the host page
// and the URL, touch and wheel input, resize and device pixel ratio, render-on-demand wake-ups,
// URL state, and the test hook window.xuanka. Recipes: ../shared/WEB-PLATFORM.md §1-§7.
(function () {
  'use strict';
  if (typeof window === 'undefined') return;
  var canvas = Module.canvas;
  var hook = { ready: false, first_frame_ms: null, errors: [] };
  window.xuanka = hook;

  // --- configuration: the raw sources, read and merged in C++ (ui/page_state.cpp) -----------
  // The host page's config block < window.XUANKA_CONFIG < URL query < URL hash; vendor data only
  // from the first two. Nothing is parsed here, so the URL is read and written in one place.
  var src = { block: '', global_json: '', query: location.search || '', hash: location.hash || '' };
  try {
    var el = document.getElementById('xuanka-config');
    if (el) src.block = el.textContent.trim();
  } catch (e) { /* no DOM access */ }
  try {
    if (window.XUANKA_CONFIG !== undefined) src.global_json = JSON.stringify(window.XUANKA_CONFIG) || '';
  } catch (e) { src.global_json = '{"__error":"' + String(e.message).slice(0, 80).replace(/"/g, "'") + '"}'; }
  Module.configSources = src;

  // --- status, fatal errors, first frame -----------------------------------------------------
  Module.showFatal = function (msg) {
    var s = document.getElementById('status');
    if (!s) return;
    s.style.display = 'flex';
    s.className = 'fatal';
    document.getElementById('status-text').textContent =
      '选卡无法启动 / xuanka could not start: ' + msg;
  };
  // Anything that stops the start-up (an abort, an uncaught error before the first frame) says
  // so in the status box instead of leaving the spinner turning.
  Module.onAbort = function (what) { Module.showFatal(String(what).slice(0, 200)); };
  window.addEventListener('error', function (e) {
    hook.errors.push(String(e.message).slice(0, 200));
    if (!hook.ready && !Module.noWebGL2) Module.showFatal(String(e.message).slice(0, 200));
  });
  Module.onFirstFrame = function () {
    hook.first_frame_ms = performance.now();
    var s = document.getElementById('status');
    if (s) s.style.display = 'none';
    hook.ready = true;
  };
  if (Module.noWebGL2) {
    // The shell already explained it in plain words; do not start the app into a blank canvas.
    Module.noInitialRun = true;
  }
  // The hash holds the whole state; the query keeps only the host's own parameters: xuanka's keys
  // there (a link's state, or an overlay it tried to bring) are dropped, so "Copy link" never
  // carries them on (SECURITY.md).
  var ownKeys = ['lang', 'view', 's', 'region', 'card', 'r', 'overlay'];
  Module.setHash = function (hash) {
    try {
      var q = new URLSearchParams(location.search);
      ownKeys.forEach(function (k) { q.delete(k); });
      var rest = q.toString();
      history.replaceState(null, '', location.pathname + (rest ? '?' + rest : '') + hash);
    } catch (e) { /* sandboxed or opaque origin */ }
  };
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
    var a = document.getElementById('announce');
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
    f.apply(null, Array.prototype.slice.call(arguments, 1));
  }
  function wake() { call('_app_wake'); }
  // Browser tests: keep every text drawn (state().drawn_text) from the next frame on.
  hook.recordText = function (on) { call('_app_record_text', on ? 1 : 0); };
  hook.wake = wake;  // draw a frame (tests: after a change the page did not see as input)

  // --- keys: GLFW listens on the whole window (capture) and would take the host page's keys
  // (§1.3.4). Its handlers are wrapped before glfwInit registers them, so that they see only
  // keys meant for the app; every other listener, the host page's included, still gets every
  // key (stopping the event instead would silence the host's own inputs).
  function keyForApp(t) {
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
    Module.ccall('app_agent_input', null, ['string'], [el.value]);
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
  function onTouch(e) {
    if (e.target !== canvas) return;
    e.preventDefault();        // no compatibility mouse events, no scroll, no pinch-zoom
    e.stopPropagation();       // GLFW's canvas listeners never see it
    var t = e.changedTouches[0];
    if (!t) return;
    var r = canvas.getBoundingClientRect();
    var x = t.clientX - r.left, y = t.clientY - r.top;
    var kind = { touchstart: 0, touchmove: 1, touchend: 2, touchcancel: 3 }[e.type];
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
    e.preventDefault();
    e.stopPropagation();
    // ImGui: 1.0 = one notch. DOM: ~100 px per notch (mode 0), 3 lines (mode 1), 1 page (mode 2).
    var k = e.deltaMode === 1 ? 1 / 3 : e.deltaMode === 2 ? 1 : 1 / 100;
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
