/*
 * Starts the app once the server's page is on the screen. A page the server painted needs its code
 * only to become interactive: its modules, their preloads and the translation file are requested
 * after the first paint (a frame, then a task), so they never compete with the page's own HTML,
 * styles and largest image for a slow connection. The server lists them on this element.
 */
(function () {
  var me = document.currentScript;
  if (!me) return;
  var list = function (name) {
    return (me.getAttribute(name) || '').split(' ').filter(Boolean);
  };
  var SLICE_MS = 4;
  var entry = me.getAttribute('data-entry');
  var modules = list('data-modules');
  var fetches = list('data-fetches');
  var add = function (tag, attrs, parent) {
    var el = document.createElement(tag);
    el.crossOrigin = 'anonymous';
    for (var key in attrs) el.setAttribute(key, attrs[key]);
    parent.appendChild(el);
  };
  // Each inserted element starts a request, which costs the main thread a little; forty at once
  // make one long task. They are inserted a few milliseconds' worth at a time, the entry last (its
  // imports then find their preloads under way), yielding to the page between slices.
  var jobs = [];
  fetches.forEach(function (href) {
    jobs.push(['link', { rel: 'preload', as: 'fetch', href: href }, document.head]);
  });
  modules.forEach(function (href) {
    jobs.push(['link', { rel: 'modulepreload', href: href }, document.head]);
  });
  if (entry) jobs.push(['script', { type: 'module', src: entry }, document.body]);
  var now = function () {
    return typeof performance === 'object' ? performance.now() : Date.now();
  };
  var channel = typeof MessageChannel === 'function' ? new MessageChannel() : null;
  var later = function (fn) {
    if (!channel) return setTimeout(fn, 0);
    channel.port1.onmessage = fn;
    channel.port2.postMessage(null);
  };
  var start = function () {
    var until = now() + SLICE_MS;
    do {
      var job = jobs.shift();
      add(job[0], job[1], job[2]);
    } while (jobs.length && now() < until);
    if (jobs.length) later(start);
  };
  // A tap on a button before the app has hydrated would do nothing: the page only looks ready. The
  // last such tap is held and replayed once the app has committed its first view (html[data-view]),
  // provided the same button is still on the page with the same text. A form submitted that early
  // is stopped rather than posted to the page's own address.
  var root = document.documentElement;
  var held = null;
  var early = function () {
    return !root.hasAttribute('data-view');
  };
  var onClick = function (event) {
    if (!early()) return;
    var target = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null;
    if (!target || target.disabled) return;
    event.preventDefault();
    held = { el: target, text: target.textContent };
  };
  var onSubmit = function (event) {
    if (early()) event.preventDefault();
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  if (typeof MutationObserver === 'function') {
    // The first view may be followed at once by another (a stored session's member view after the
    // visitor's): the tap waits until the view has stayed the same for a moment.
    var settle = 0;
    var replay = function () {
      watch.disconnect();
      var tap = held;
      held = null;
      if (tap && tap.el.isConnected && tap.el.textContent === tap.text && !tap.el.disabled) tap.el.click();
    };
    var watch = new MutationObserver(function () {
      if (early()) return;
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      clearTimeout(settle);
      settle = setTimeout(replay, 100);
    });
    watch.observe(root, { attributes: true, attributeFilter: ['data-view'] });
  }
  if (!jobs.length) return;
  // A hidden tab paints nothing (and runs no frames): it starts at once.
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
