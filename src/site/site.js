// pbmgo's replay of a game's page (games/<id>.html). It steps through
// every move with the buttons, the ← and → keys and the move list's links,
// shows move N for #move=N in the address (and keeps the address at the
// move shown), and redraws the stones from the data the page embeds
// (#replay-data: the start's rows and each move's changes). The last
// position is the page's own drawing (a counted game's dead stones and
// territory with it). The board's data-position and data-move always
// say what it shows. No network, no storage, no inline style: it runs
// from file:// under the page's Content-Security-Policy.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var BLACK = "#161616", WHITE = "#f6f6f2", EDGE = "#3c3c3c";

  function start() {
    var data = document.getElementById("replay-data");
    var svg = document.getElementById("board");
    var layer = document.getElementById("stones");
    if (!data || !svg || !layer) return;
    var d = JSON.parse(data.textContent);
    var r = {
      d: d, svg: svg, layer: layer,
      positions: positions(d),
      total: d.moves.length,
      final: Array.prototype.slice.call(layer.childNodes),
      finalLabel: svg.getAttribute("aria-label"),
      status: document.getElementById("replay-status"),
      current: d.moves.length
    };
    wire(r);
    var n = fromHash();
    show(r, n === null ? r.total : n, false);
  }

  // Every position's rows joined with "/", move 0 to the last.
  function positions(d) {
    var grid = d.start.split("/").map(function (row) { return row.split(""); });
    var out = [d.start];
    d.moves.forEach(function (m) {
      var c = m[2];
      for (var i = 0; i + 2 < c.length; i += 3) {
        grid[c.charCodeAt(i + 2) - 97][c.charCodeAt(i + 1) - 97] = c[i];
      }
      out.push(grid.map(function (row) { return row.join(""); }).join("/"));
    });
    return out;
  }

  // The move N of "#move=N", or null.
  function fromHash() {
    var m = /^#move=(\d+)$/.exec(window.location.hash);
    return m ? parseInt(m[1], 10) : null;
  }

  function wire(r) {
    var buttons = document.getElementById("replay-buttons");
    if (buttons) {
      buttons.hidden = false;
      buttons.addEventListener("click", function (e) {
        var b = e.target.closest ? e.target.closest("button") : null;
        if (!b) return;
        var to = { first: 0, prev: r.current - 1, next: r.current + 1, last: r.total };
        var step = b.getAttribute("data-step");
        if (step in to) show(r, to[step], true);
      });
    }
    document.addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      var t = e.target && e.target.tagName;
      if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT") return;
      if (e.key === "ArrowLeft") show(r, r.current - 1, true);
      else if (e.key === "ArrowRight") show(r, r.current + 1, true);
      else return;
      e.preventDefault();
    });
    window.addEventListener("hashchange", function () {
      var n = fromHash();
      if (n !== null && n !== r.current) show(r, n, false);
    });
  }

  // Shows the position after move n (0: the start).
  function show(r, n, remember) {
    n = Math.max(0, Math.min(r.total, n));
    r.current = n;
    if (n === r.total) restore(r); else draw(r, n);
    var label = n === r.total ? r.finalLabel : words(r, n);
    r.svg.setAttribute("data-position", r.positions[n]);
    r.svg.setAttribute("data-move", String(n));
    r.svg.setAttribute("aria-label", label);
    if (r.status) r.status.textContent = label;
    mark(r, n);
    if (remember) address(n);
  }

  function address(n) {
    var hash = "#move=" + n;
    if (window.location.hash === hash) return;
    try {
      window.history.replaceState(null, "", hash);
    } catch (e) {
      window.location.hash = hash;
    }
  }

  // The position in words: "Move 12 of 80: White (bob) played D4."
  function words(r, n) {
    if (n === 0) return "The start, before the first move (" + r.total + " moves in all).";
    var m = r.d.moves[n - 1];
    var who = m[0] === "B" ? "Black (" + r.d.black + ")" : "White (" + r.d.white + ")";
    var what = m[1] === "pass" ? " passed" : " played " + m[1];
    return "Move " + n + " of " + r.total + ": " + who + what + ".";
  }

  // The move list's line of move n stands out.
  function mark(r, n) {
    var old = document.querySelectorAll("#moves li.current");
    for (var i = 0; i < old.length; i++) old[i].classList.remove("current");
    var li = document.getElementById("m" + n);
    if (li) li.classList.add("current");
  }

  function clear(layer) {
    while (layer.firstChild) layer.removeChild(layer.firstChild);
  }

  function restore(r) {
    clear(r.layer);
    r.final.forEach(function (node) { r.layer.appendChild(node); });
  }

  function circle(x, y, radius, attrs) {
    var c = document.createElementNS(NS, "circle");
    c.setAttribute("cx", x.toFixed(2));
    c.setAttribute("cy", y.toFixed(2));
    c.setAttribute("r", radius.toFixed(2));
    for (var k in attrs) c.setAttribute(k, attrs[k]);
    return c;
  }

  // Draws the stones of move n's position and rings the stone just played,
  // with the sizes the server's drawing uses.
  function draw(r, n) {
    var d = r.d, cell = d.cell;
    var at = function (i) { return d.margin + i * cell + 0.5; };
    var radius = cell * 0.47, edge = Math.max(cell * 0.035, 1);
    clear(r.layer);
    r.positions[n].split("/").forEach(function (row, y) {
      for (var x = 0; x < row.length; x++) {
        if (row[x] === "X") {
          r.layer.appendChild(circle(at(x), at(y), radius, { fill: BLACK }));
        } else if (row[x] === "O") {
          r.layer.appendChild(circle(at(x), at(y), radius, { fill: EDGE }));
          r.layer.appendChild(circle(at(x), at(y), radius - edge, { fill: WHITE }));
        }
      }
    });
    var last = placed(d.moves[n - 1]);
    if (last) {
      r.layer.appendChild(circle(at(last[0]), at(last[1]), cell * 0.23, {
        fill: "none",
        stroke: last[2] === "X" ? WHITE : BLACK,
        "stroke-width": Math.max(cell * 0.08, 1.5).toFixed(2)
      }));
    }
  }

  // The point (column, row from the top, stone) of the stone move m
  // placed, if it is still on the board.
  function placed(m) {
    if (!m) return null;
    var stone = m[0] === "B" ? "X" : "O", c = m[2];
    for (var i = 0; i + 2 < c.length; i += 3) {
      if (c[i] === stone) return [c.charCodeAt(i + 1) - 97, c.charCodeAt(i + 2) - 97, stone];
    }
    return null;
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
