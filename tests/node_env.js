// --pre-js of the WebAssembly test binary: Emscripten gives the program a synthetic environment;
// copy the variables the tests read from node's own (XUANKA_CROSS_OUT: tests/cross_build.py).
Module['preRun'] = Module['preRun'] || [];
Module['preRun'].push(function () {
  if (typeof process === 'undefined') return;
  ['XUANKA_CROSS_OUT'].forEach(function (k) {
    if (process.env[k] !== undefined) ENV[k] = process.env[k];
  });
});
