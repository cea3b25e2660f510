// The shop's code starts once the page the server drew is on screen (issue 24, ADR 0060). index.html carries the
// entry's <script type="module"> and its preloads inert in <template id="app-code"> (build/load-code-after-paint.ts),
// and the server adds the page's own code there (apps/server/src/http/index-html.ts); this file, loaded with
// `defer`, copies them into <head> after that paint. Lighthouse's simulation counts, before the largest paint, every
// script the page ran before it: the code (fetched and run at once on a fast link) came before the paint, and its
// evaluation, four times slower on a phone, was counted as time the picture waited. A plain script with no imports: it
// runs before the app.
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
  // sent once the frame is presented): the frame after a requestAnimationFrame can still be on its way. `wanted`
  // says which painted element is the one to wait for.
  function afterPainted(wanted) {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('largest-contentful-paint') < 0) return afterNextPaint();
    var seen = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) {
        if (wanted(entries[i].element)) {
          seen.disconnect();
          setTimeout(start, 0);
          return;
        }
      }
    });
    seen.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  // The pictures the page opens on are the ones the server marked for the browser to fetch first (the carousel's
  // first banner and the first pack on the top page, pack detail's main picture): the first of them reported as
  // the largest paint so far will do. My Page and the point courses open on words: any paint will do.
  var pictures = document.querySelectorAll('#root img[fetchpriority="high"]');
  if (pictures.length > 0) {
    afterPainted(function (element) {
      for (var i = 0; i < pictures.length; i++) if (pictures[i] === element) return true;
      return false;
    });
    // A picture that cannot load will not be painted: nothing to wait for.
    for (var i = 0; i < pictures.length; i++) pictures[i].addEventListener('error', start);
  } else if (document.querySelector('#root > *')) {
    afterPainted(function () {
      return true;
    });
  }
  // Nothing drawn (#root is empty: the development server, a page the server could not draw): a frame is enough.
  else afterNextPaint();
  // Never later than this: a slow picture, a larger paint than the pictures (the entry names that one), or a tab
  // opened in the background (no frames are drawn there).
  setTimeout(start, 1000);
})();
