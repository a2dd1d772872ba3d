/**
 * The game pages' script (inline, no build step, no network but our own origin). It reads the boot
 * data the server wrote into the page, sends a round to our server and shows what the server
 * answers: the outcome is always drawn on the server, never here.
 */
export const PAGE_SCRIPT = `
(function () {
  'use strict';
  var boot = JSON.parse(document.getElementById('boot').textContent);
  var t = boot.texts;
  // As the app shows money: the language's symbol, then the amount rounded down to the cent.
  var format = new Intl.NumberFormat(boot.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  function money(minor) {
    var cents = Math.floor(minor);
    return (cents < 0 ? '-' : '') + boot.symbol + format.format(Math.abs(cents) / 100);
  }
  function fill(text, values) {
    return text.replace(/\\{(\\w+)\\}/g, function (whole, key) { return key in values ? String(values[key]) : whole; });
  }
  function byId(id) { return document.getElementById(id); }
  var balance = byId('balance'), result = byId('result'), play = byId('play'), stake = byId('stake');
  var reels = [byId('reel0'), byId('reel1'), byId('reel2')].filter(Boolean), die = byId('die');

  function showBalance(minor) { if (typeof minor === 'number') balance.textContent = money(minor); }
  function say(text, tone) { result.textContent = text; result.className = 'result' + (tone ? ' ' + tone : ''); }
  function busy(on) {
    play.disabled = on;
    play.setAttribute('aria-busy', on ? 'true' : 'false');
    reels.forEach(function (r) { r.classList.toggle('spin', on); });
    if (die && on) die.textContent = '\\u2026';
  }
  function showOutcome(o) {
    if (o.engine === 'reels') {
      reels.forEach(function (r, i) {
        // The faces are our own SVG markup from the boot data, never text from elsewhere.
        r.innerHTML = boot.symbols[o.symbols[i]];
        r.setAttribute('aria-label', fill(t.reelShows, { n: i + 1, symbol: t.symbols[o.symbols[i]] }));
      });
    } else {
      die.textContent = String(o.roll);
      die.setAttribute('aria-label', fill(t.rolled, { roll: o.roll, target: o.target }));
    }
  }
  function finish(r) {
    busy(false);
    showBalance(r.balance);
    if (r.outcome) showOutcome(r.outcome);
    else if (die) die.textContent = '\\u2013';
    if (r.message) say(r.message, 'bad');
    else if (r.payout > 0) say(fill(t.win, { amount: money(r.payout) }), 'win');
    else say(t.noWin, '');
  }
  function send(url, init) {
    return fetch(url, init).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok) throw new Error(body && body.message ? body.message : t.refused);
        return body;
      });
    });
  }
  function settle(r) {
    if (r.done) return finish(r);
    say(r.message || t.waiting, '');
    setTimeout(function () {
      send(boot.roundUrl + encodeURIComponent(r.roundId) + '?session=' + encodeURIComponent(boot.session))
        .then(settle, fail);
    }, 1500);
  }
  function fail(err) {
    busy(false);
    say(err && err.message ? err.message : t.lost, 'bad');
  }

  function updateTargetHint() {
    var checked = document.querySelector('input[name=target]:checked');
    if (!checked) return;
    byId('target-hint').textContent = fill(t.targetHint, { target: checked.value, pays: checked.getAttribute('data-pays') });
  }
  document.querySelectorAll('input[name=target]').forEach(function (input) {
    input.addEventListener('change', updateTargetHint);
  });
  updateTargetHint();

  document.querySelectorAll('[data-stake]').forEach(function (button) {
    button.addEventListener('click', function () {
      var units = Number(stake.value) || boot.minBet / 100;
      var op = button.getAttribute('data-stake');
      var next = op === 'half' ? Math.floor(units / 2) : op === 'double' ? units * 2 : op === 'max' ? boot.maxBet / 100 : boot.minBet / 100;
      stake.value = String(Math.min(boot.maxBet / 100, Math.max(boot.minBet / 100, next)));
    });
  });

  byId('form').addEventListener('submit', function (event) {
    event.preventDefault();
    var units = Number(stake.value);
    if (!Number.isInteger(units) || units * 100 < boot.minBet || units * 100 > boot.maxBet) {
      say(fill(t.stakeRange, { min: money(boot.minBet), max: money(boot.maxBet) }), 'bad');
      stake.focus();
      return;
    }
    var checked = document.querySelector('input[name=target]:checked');
    busy(true);
    say('', '');
    send(boot.playUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session: boot.session, stake: units * 100, choice: checked ? Number(checked.value) : undefined })
    }).then(settle, fail);
  });
  showBalance(boot.balance);
})();
`;
