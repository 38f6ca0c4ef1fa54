// app.js: the players' pages' only script.  It reloads the page when the tournament's data
// changed (polling /api/version every 10 s, an ETag making the poll almost free), counts the
// session clock down, and filters the list of players as a name is typed.
'use strict';
(function () {
  // The pages style a few things differently once the script runs (CSP allows only this file).
  document.documentElement.classList.add('js');
  var version = document.documentElement.getAttribute('data-version');

  function poll() {
    fetch('/api/version', { cache: 'no-cache' })
      .then(function (reply) { return reply.ok ? reply.json() : null; })
      .then(function (answer) {
        if (answer && version && answer.version !== version) location.reload();
      })
      .catch(function () {});
  }
  setInterval(poll, 10000);

  function two(n) { return (n < 10 ? '0' : '') + n; }
  function tick() {
    document.querySelectorAll('[data-end]').forEach(function (clock) {
      var left = Math.max(0, Math.ceil((Number(clock.getAttribute('data-end')) - Date.now()) / 1000));
      clock.textContent = Math.floor(left / 3600) + ':' + two(Math.floor(left / 60) % 60) + ':' +
        two(left % 60);
    });
  }
  if (document.querySelector('[data-end]')) setInterval(tick, 1000);

  var search = document.getElementById('search');
  if (search) {
    search.addEventListener('input', function () {
      var wanted = search.value.trim().toLowerCase();
      document.querySelectorAll('#players li').forEach(function (item) {
        item.hidden = wanted !== '' && item.textContent.toLowerCase().indexOf(wanted) < 0;
      });
    });
  }
})();
