// Offline search over the index that search-index.js defines. No network.
(function () {
  "use strict";
  var input = document.getElementById("search");
  var list = document.getElementById("search-results");
  var index = window.APIGEN_SEARCH || [];
  if (!input || !list) { return; }
  var active = -1;

  // score ranks an entry for the query q (lower is better): the exact name
  // first, then a member named exactly q (Message.photo), then a type or
  // method whose name starts with q (PhotoSize), then the members of the
  // exact name (Poll.question), then other names starting with q, then
  // names containing q, then descriptions. A member never outranks the
  // type it only contains the name of.
  function score(entry, q) {
    var t = entry.t.toLowerCase();
    var dot = t.lastIndexOf(".");
    var member = dot >= 0 ? t.slice(dot + 1) : "";
    if (t === q) { return 0; }
    if (member === q) { return 1; }
    if (dot < 0 && t.indexOf(q) === 0) { return 2; }
    if (t.indexOf(q + ".") === 0) { return 3; }
    if (t.indexOf(q) === 0 || member.indexOf(q) === 0) { return 4; }
    if (t.indexOf(q) >= 0) { return 5; }
    if (entry.d && entry.d.toLowerCase().indexOf(q) >= 0) { return 6; }
    return -1;
  }

  // Among equal scores: the API's names before their Go names, shorter
  // names first, then the index's order.
  function compare(index) {
    return function (a, b) {
      var ea = index[a.i], eb = index[b.i];
      return a.s - b.s || (ea.k === "Go") - (eb.k === "Go") || ea.t.length - eb.t.length || a.i - b.i;
    };
  }

  function render(q) {
    list.textContent = "";
    active = -1;
    q = q.trim().toLowerCase();
    if (q === "") { list.hidden = true; return; }
    var hits = [];
    for (var i = 0; i < index.length; i++) {
      var s = score(index[i], q);
      if (s >= 0) { hits.push({ s: s, i: i }); }
    }
    hits.sort(compare(index));
    hits = hits.slice(0, 30);
    for (var j = 0; j < hits.length; j++) {
      var e = index[hits[j].i];
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = e.h;
      a.textContent = e.t;
      var k = document.createElement("span");
      k.className = "k";
      k.textContent = e.k;
      a.appendChild(k);
      if (e.d) {
        var d = document.createElement("span");
        d.className = "d";
        d.textContent = e.d;
        a.appendChild(d);
      }
      li.appendChild(a);
      list.appendChild(li);
    }
    if (hits.length === 0) {
      var none = document.createElement("li");
      none.className = "none";
      none.textContent = "No match";
      list.appendChild(none);
    }
    list.hidden = false;
  }

  function move(delta) {
    var links = list.querySelectorAll("a");
    if (links.length === 0) { return; }
    if (active >= 0) { links[active].classList.remove("active"); }
    active = (active + delta + links.length) % links.length;
    links[active].classList.add("active");
    links[active].scrollIntoView({ block: "nearest" });
  }

  input.addEventListener("input", function () { render(input.value); });
  input.addEventListener("keydown", function (ev) {
    if (ev.key === "ArrowDown") { move(1); ev.preventDefault(); }
    else if (ev.key === "ArrowUp") { move(-1); ev.preventDefault(); }
    else if (ev.key === "Escape") { input.value = ""; render(""); }
    else if (ev.key === "Enter") {
      var links = list.querySelectorAll("a");
      if (links.length > 0) { window.location.href = links[active >= 0 ? active : 0].href; }
    }
  });
  document.addEventListener("click", function (ev) {
    if (ev.target !== input && !list.contains(ev.target)) { list.hidden = true; }
  });
  input.addEventListener("focus", function () { if (input.value.trim() !== "") { render(input.value); } });

  // "/" anywhere but in a text field focuses the search box.
  document.addEventListener("keydown", function (ev) {
    var t = ev.target, tag = t && t.tagName;
    if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (t && t.isContentEditable)) { return; }
    ev.preventDefault();
    input.focus();
    input.select();
  });

  // index.html?q=sendMessage opens the page with that search run.
  var q = new URLSearchParams(window.location.search).get("q");
  if (q) {
    input.value = q;
    render(q);
  }
})();
