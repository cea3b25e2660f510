// The shop's code starts once the page's first picture is on screen (issue 13, ADR 0032). index.html carries the
// entry's <script type="module"> and its preloads inert in <template id="app-code"> (build/load-code-after-paint.ts);
// this file, loaded with `defer`, copies them into <head> after that paint. Until then the phone's link carries
// only the page, its stylesheet and its picture, so the picture the server drew (apps/server/src/http/first-paint.ts)
// shows as soon as it can; the code follows once the browser reports it painted. Plain ES5 with no imports: it runs
// before the app.
(function () {
  var code = document.getElementById('app-code');
  if (!code || !code.content) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    copy(0);
  }
  // One tag per task: starting a fetch costs the main thread a few milliseconds on a phone, and the whole list at
  // once was one long task (Total Blocking Time). The entry script comes first in the list (the build puts it there).
  function copy(i) {
    var from = code.content.children[i];
    if (!from) return;
    // A copy made here runs; a node moved out of a <template> keeps the parser's "already started" mark.
    var tag = document.createElement(from.localName);
    for (var j = 0; j < from.attributes.length; j++)
      tag.setAttribute(from.attributes[j].name, from.attributes[j].value);
    document.head.appendChild(tag);
    setTimeout(function () {
      copy(i + 1);
    }, 0);
  }
  // requestAnimationFrame runs just before a frame is drawn; the timeout set there runs once it has been.
  function afterNextPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // What the server drew is on screen only when the browser reports it painted (a largest-contentful-paint entry,
  // sent once the frame is presented): the frame after a requestAnimationFrame can still be on its way, and code
  // fetched and run before it counted, in Lighthouse's simulation, as work the picture waited for (LCP 2.3 s in
  // about one run in six instead of 1.2 s). `element` is the picture to wait for, or null for any of the drawing.
  function afterPainted(element) {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('largest-contentful-paint') < 0) return afterNextPaint();
    var seen = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) {
        if (!element || entries[i].element === element) {
          seen.disconnect();
          setTimeout(start, 0);
          return;
        }
      }
    });
    seen.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  var picture = document.querySelector('#root img');
  if (picture) {
    if (picture.complete) afterPainted(picture);
    else {
      picture.addEventListener('load', function () {
        afterPainted(picture);
      });
      picture.addEventListener('error', start);
    }
  } else if (document.querySelector('#root .fp')) {
    // Drawn without a picture (a member's My Page): its words.
    afterPainted(null);
  } else {
    // Nothing drawn (#root is empty): nothing to wait for but a frame.
    afterNextPaint();
  }
  // Never later than this: a slow picture, or a tab opened in the background (no frames are drawn there).
  setTimeout(start, 1000);
})();
