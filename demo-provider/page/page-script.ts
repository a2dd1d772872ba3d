/**
 * The game pages' script (inline, no build step, no network but our own origin). It reads the boot
 * data the server wrote into the page, sends a round to our server and shows what the server
 * answers: the outcome is always drawn on the server, never here.
 */
export const PAGE_SCRIPT = `
(function () {
  'use strict';
  var boot = JSON.parse(document.getElementById('boot').textContent);
  var format;
  try { format = new Intl.NumberFormat(boot.lang, { style: 'currency', currency: boot.currency }); }
  catch (e) { format = new Intl.NumberFormat('en', { style: 'currency', currency: boot.currency }); }
  function money(minor) { return format.format(Math.floor(minor) / 100); }
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
        r.setAttribute('aria-label', 'Reel ' + (i + 1) + ': ' + boot.symbolNames[o.symbols[i]]);
      });
    } else {
      die.textContent = String(o.roll);
      die.setAttribute('aria-label', 'Rolled ' + o.roll + ', needed under ' + o.target);
    }
  }
  function finish(r) {
    busy(false);
    showBalance(r.balance);
    if (r.outcome) showOutcome(r.outcome);
    else if (die) die.textContent = '\\u2013';
    if (r.message) say(r.message, 'bad');
    else if (r.payout > 0) say('You win ' + money(r.payout) + '!', 'win');
    else say('No win this time.', '');
  }
  function send(url, init) {
    return fetch(url, init).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok) throw new Error(body && body.message ? body.message : 'The game server refused this.');
        return body;
      });
    });
  }
  function settle(r) {
    if (r.done) return finish(r);
    say(r.message || 'Waiting for the casino\\u2026', '');
    setTimeout(function () {
      send(boot.roundUrl + encodeURIComponent(r.roundId) + '?session=' + encodeURIComponent(boot.session))
        .then(settle, fail);
    }, 1500);
  }
  function fail(err) {
    busy(false);
    say(err && err.message ? err.message : 'The connection was lost. Check your balance before playing again.', 'bad');
  }

  function updateTargetHint() {
    var checked = document.querySelector('input[name=target]:checked');
    if (!checked) return;
    byId('target-hint').textContent = 'Win when the roll (1-100) is under ' + checked.value +
      '; pays ' + checked.getAttribute('data-pays') + ' your stake.';
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
      say('Enter a whole stake from ' + money(boot.minBet) + ' to ' + money(boot.maxBet) + '.', 'bad');
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
