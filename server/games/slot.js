// The in-house slot's page script (served by server/routes/game/inhouse.ts under the site's CSP:
// script-src 'self', no inline script). It exchanges the launch token of the URL for a play
// token once (kept in sessionStorage, so a reload keeps playing), then spins through the API.
(function () {
  'use strict';

  var config = JSON.parse(document.getElementById('slot-config').textContent);
  var labels = config.labels;
  // 7 and BAR are text; the fruit and the bell are pictures in slot.css (by data-symbol).
  var SYMBOLS = { SEVEN: '7', BAR: 'BAR', BELL: '', GRAPE: '', LEMON: '', CHERRY: '' };
  var REEL_STOP_MS = [450, 700, 950];
  var storageKey = 'inhouse-slot:' + config.token;
  var state = { token: null, stakes: [], stakeIndex: 0, busy: false, currencySymbol: '', reels: [], sumBalance: 0 };

  function $(id) {
    return document.getElementById(id);
  }

  function money(amount) {
    return state.currencySymbol + Number(amount).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }

  function say(text, kind) {
    var el = $('message');
    el.textContent = text || '';
    el.className = 'message' + (kind ? ' ' + kind : '');
  }

  function remember(session) {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(session));
    } catch {
      // Storage blocked: a reload will need a new launch, nothing else changes.
    }
  }

  function recall() {
    try {
      var text = sessionStorage.getItem(storageKey);
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }

  // One Idempotency-Key per spin, sent again on a retry of that spin: the server then answers
  // the first result instead of taking a second stake.
  function newIdempotencyKey() {
    var bytes = crypto.getRandomValues(new Uint8Array(16));
    var hex = '';
    for (var i = 0; i < bytes.length; i++) hex += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return 'spin-' + hex;
  }

  function post(path, body, token, idempotencyKey) {
    var headers = { 'content-type': 'application/json' };
    if (token) headers.authorization = 'Bearer ' + token;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    return fetch(path, { method: 'POST', headers: headers, body: JSON.stringify(body), credentials: 'omit' }).then(function (res) {
      return res.json().catch(function () {
        return { success: false, errorCode: 'server.error' };
      });
    });
  }

  function showReel(r, symbols) {
    var cells = $('reels').children[r].children;
    for (var i = 0; i < cells.length; i++) {
      cells[i].textContent = SYMBOLS[symbols[i]];
      cells[i].setAttribute('data-symbol', symbols[i]);
      cells[i].setAttribute('aria-label', symbols[i].toLowerCase());
    }
  }

  function windowAt(r, stop) {
    var strip = state.reels[r];
    var n = strip.length;
    return [strip[(stop + n - 1) % n], strip[stop], strip[(stop + 1) % n]];
  }

  function showStake() {
    $('stake').textContent = money(state.stakes[state.stakeIndex] / 100);
    $('less').disabled = state.busy || state.stakeIndex === 0;
    $('more').disabled = state.busy || state.stakeIndex === state.stakes.length - 1;
  }

  function showBalance(amount) {
    state.sumBalance = amount;
    $('balance').textContent = money(amount);
  }

  function setBusy(busy) {
    state.busy = busy;
    $('spin').disabled = busy || !state.token;
    document.querySelector('.slot').setAttribute('aria-busy', busy ? 'true' : 'false');
    showStake();
  }

  function payTable(session) {
    var table = $('paytable');
    session.payTable.forEach(function (rule) {
      var row = table.insertRow();
      var line = row.insertCell();
      line.className = 'line';
      rule.line.forEach(function (s) {
        var span = document.createElement('span');
        span.textContent = s ? SYMBOLS[s] : labels.any;
        if (s) {
          span.setAttribute('data-symbol', s);
          span.setAttribute('role', 'img');
          span.setAttribute('aria-label', s.toLowerCase());
        }
        line.appendChild(span);
      });
      row.insertCell().textContent = '\u00d7' + rule.multiplier;
    });
    $('rtp').textContent = labels.rtp + ' ' + (session.rtp * 100).toFixed(1) + '%';
  }

  function begin(session) {
    state.token = session.token;
    state.reels = session.reels;
    state.stakes = session.stakes;
    state.currencySymbol = session.currencySymbol;
    var preferred = state.stakes.indexOf(100);
    state.stakeIndex = preferred >= 0 ? preferred : 0;
    document.title = session.gameName;
    $('title').textContent = session.gameName;
    for (var r = 0; r < state.reels.length; r++) showReel(r, windowAt(r, 0));
    payTable(session);
    showBalance(session.sumBalance);
    $('win').textContent = money(0);
    say('');
    setBusy(false);
    checkReality();
  }

  // The reality check (server/services/reality-check.ts): modal over the game, spins refused by
  // the server until the member continues. Shown when it falls due, or when a spin is refused.
  var realityTimer = null;

  function get(path, token) {
    return fetch(path, { headers: { authorization: 'Bearer ' + token }, credentials: 'omit' }).then(function (res) {
      return res.json();
    });
  }

  function showReality(check) {
    var minutes = Math.floor(check.playedSeconds / 60);
    var played = minutes >= 60 ? Math.floor(minutes / 60) + ' h ' + String(minutes % 60).padStart(2, '0') + ' min' : minutes + ' min';
    $('reality-played').textContent = labels.realityPlayed.replace('{{time}}', played);
    $('reality-net').textContent = labels.realityNet.replace('{{amount}}', (check.net < 0 ? '-' : '') + money(Math.abs(check.net)));
    $('reality').hidden = false;
    $('spin').disabled = true;
    $('reality-continue').focus();
  }

  function scheduleReality(check) {
    clearTimeout(realityTimer);
    if (!check || !check.dueAt) return;
    if (check.due) return showReality(check);
    realityTimer = setTimeout(checkReality, Math.max(1000, Date.parse(check.dueAt) - Date.now()));
  }

  function checkReality() {
    if (!state.token) return;
    get('/wps/member/realityCheck', state.token)
      .then(function (res) {
        if (res.success) scheduleReality(res.value);
      })
      .catch(function () {
        // Offline: the server still refuses spins once the check is due.
      });
  }

  $('reality-continue').addEventListener('click', function () {
    post('/wps/member/realityCheck/acknowledge', {}, state.token).then(function (res) {
      if (!res.success) return;
      $('reality').hidden = true;
      setBusy(false);
      scheduleReality(res.value);
    });
  });
  $('reality-stop').addEventListener('click', function () {
    (window.top || window).location.href = '/m/home';
  });
  $('reality-history').addEventListener('click', function () {
    (window.top || window).location.href = '/m/gameRecord';
  });

  function fail(errorCode, value) {
    if (errorCode === 'reality.check.due' && value) return showReality(value);
    if (errorCode === 'balance.insufficient') return say(labels.insufficient, 'error');
    if (errorCode === 'limit.wager.exceeded' || errorCode === 'limit.loss.exceeded') {
      var left = value && typeof value.amount === 'number' ? value.amount : 0;
      return say(labels[errorCode === 'limit.wager.exceeded' ? 'wagerLimit' : 'lossLimit'].replace('{amount}', money(left)), 'error');
    }
    if (errorCode === 'limit.session.reached') {
      state.token = null;
      return say(labels.sessionLimit, 'error');
    }
    if (errorCode === 'session.invalid' || errorCode === 'session.required' || errorCode === 'launch.invalid') {
      state.token = null;
      return say(labels.expired, 'error');
    }
    say(labels.failed, 'error');
  }

  function spin() {
    if (state.busy || !state.token) return;
    var stake = state.stakes[state.stakeIndex];
    setBusy(true);
    say('');
    $('win').textContent = money(0);
    var reels = $('reels').children;
    for (var i = 0; i < reels.length; i++) reels[i].classList.add('spinning');
    var started = Date.now();
    var body = { stake: stake };
    var key = newIdempotencyKey();
    var token = state.token;
    // A network failure may hide a spin that went through: retry once, with the same key.
    post('/wps/game/inhouse/spin', body, token, key)
      .catch(function () {
        return new Promise(function (resolve) {
          setTimeout(resolve, 1000);
        }).then(function () {
          return post('/wps/game/inhouse/spin', body, token, key);
        });
      })
      .then(function (res) {
        var wait = Math.max(0, REEL_STOP_MS[0] - (Date.now() - started));
        REEL_STOP_MS.forEach(function (ms, r) {
          setTimeout(function () {
            reels[r].classList.remove('spinning');
            if (res.success) showReel(r, res.value.reels[r].symbols);
          }, wait + ms - REEL_STOP_MS[0]);
        });
        setTimeout(function () {
          if (res.success) {
            showBalance(res.value.sumBalance);
            $('win').textContent = money(res.value.win);
            if (res.value.win > 0) say(labels.won + ' ' + money(res.value.win) + ' (\u00d7' + res.value.multiplier + ')', 'win');
            var saved = recall();
            if (saved) {
              saved.sumBalance = res.value.sumBalance;
              remember(saved);
            }
          } else {
            fail(res.errorCode, res.value);
          }
          setBusy(false);
          if (!$('reality').hidden) $('spin').disabled = true;
        }, wait + REEL_STOP_MS[REEL_STOP_MS.length - 1] - REEL_STOP_MS[0]);
      })
      .catch(function () {
        for (var i = 0; i < reels.length; i++) reels[i].classList.remove('spinning');
        say(labels.offline, 'error');
        setBusy(false);
      });
  }

  $('spin').addEventListener('click', spin);
  $('less').addEventListener('click', function () {
    if (state.stakeIndex > 0) state.stakeIndex -= 1;
    showStake();
  });
  $('more').addEventListener('click', function () {
    if (state.stakeIndex < state.stakes.length - 1) state.stakeIndex += 1;
    showStake();
  });

  var saved = recall();
  if (saved) {
    begin(saved);
  } else {
    post('/wps/game/inhouse/session', { token: config.token, lang: config.lang })
      .then(function (res) {
        if (!res.success) return fail(res.errorCode);
        remember(res.value);
        begin(res.value);
      })
      .catch(function () {
        say(labels.offline, 'error');
      });
  }
})();
