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
  var entry = me.getAttribute('data-entry');
  var modules = list('data-modules');
  var fetches = list('data-fetches');
  var add = function (tag, attrs, parent) {
    var el = document.createElement(tag);
    el.crossOrigin = 'anonymous';
    for (var key in attrs) el.setAttribute(key, attrs[key]);
    parent.appendChild(el);
  };
  var start = function () {
    fetches.forEach(function (href) {
      add('link', { rel: 'preload', as: 'fetch', href: href }, document.head);
    });
    modules.forEach(function (href) {
      add('link', { rel: 'modulepreload', href: href }, document.head);
    });
    if (entry) add('script', { type: 'module', src: entry }, document.body);
  };
  // A hidden tab paints nothing (and runs no frames): it starts at once.
  if (document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
