// The emulator's chat window. It reads and acts only through the control
// API (api/<action>, which the window passes to /control/<action>) and
// follows changes through server-sent events (events?user_id=N).
"use strict";
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var S = {
    user: 0,          // the user played
    users: [],        // users and bots (control: users)
    chats: [],        // the user's chat list (control: chats)
    open: "",         // key of the open chat: "b<bot id>" or "c<chat id>"
    entries: new Map(), // message id -> history entry of the open chat
    elems: new Map(),   // message id -> element
    replyTo: 0, editing: 0,
    attachment: null, // {name, type, data (base64), url}
    presses: new Map(), // callback_query_id -> button
    early: new Map(),   // callback_query_id -> an answer that came first
    kbHidden: {},     // chat key -> the one-time keyboard's message the user answered
    clockOffset: 0,   // emulator seconds minus wall seconds
    es: null, ready: false, queued: [],
    commands: [], cmdIndex: -1
  };

  // ---------------------------------------------------------------- API

  function api(action, params) {
    return fetch("api/" + action, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(params || {})
    }).then(function (r) {
      return r.json().catch(function () { return { ok: false, description: "HTTP " + r.status }; });
    }).then(function (j) {
      if (!j.ok) { throw new Error(j.description || "failed"); }
      return j.result;
    });
  }
  function fail(err) { toast(err.message || String(err), true); }

  function where(key) {
    var id = Number(key.slice(1));
    return key[0] === "b" ? { bot_id: id } : { chat_id: id };
  }
  function withUser(key, extra) {
    var p = where(key);
    p.user_id = S.user;
    for (var k in extra) { p[k] = extra[k]; }
    return p;
  }
  function keyOf(c) { return c.bot_id ? "b" + c.bot_id : "c" + c.chat_id; }

  // ---------------------------------------------------------------- helpers

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }
  function button(text, onClick, cls) {
    var b = el("button", cls, text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }
  function userName(u) {
    if (!u) { return ""; }
    return u.first_name + (u.last_name ? " " + u.last_name : "");
  }
  function chatName(c) {
    return c.title || [c.first_name, c.last_name].filter(Boolean).join(" ") || (c.username ? "@" + c.username : String(c.id));
  }
  function now() { return Date.now() / 1000 + S.clockOffset; }
  function hhmm(unix) {
    var d = new Date(unix * 1000);
    return String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
  }
  function fileURL(id) { return "file/" + encodeURIComponent(id); }
  function size(n) {
    if (!n) { return ""; }
    return n < 1024 ? n + " B" : n < 1 << 20 ? (n / 1024).toFixed(1) + " KiB" : (n / 1048576).toFixed(1) + " MiB";
  }
  var toastTimer = 0;
  function toast(text, error) {
    var t = $("toast");
    t.textContent = text;
    t.className = error ? "error" : "";
    t.setAttribute("role", error ? "alert" : "status");
    t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { t.hidden = true; }, error ? 6000 : 3500);
  }
  function alertBox(text) {
    $("alert-text").textContent = text;
    var d = $("alert");
    if (!d.open) { d.showModal(); }
    $("alert-ok").focus();
  }
  $("alert-ok").addEventListener("click", function () { $("alert").close(); });

  // ---------------------------------------------------------------- formatted text

  // safeHref keeps the links a messenger opens: web, mail, phone, tg.
  function safeHref(u) {
    if (/^(https?:|mailto:|tel:|tg:)/i.test(u)) { return u; }
    if (/^[a-z][a-z0-9+.-]*:/i.test(u)) { return ""; }
    return "http://" + u;
  }

  // entityNode makes the element of one entity around its text.
  function entityNode(ent, text) {
    var n;
    switch (ent.type) {
      case "bold": n = el("strong"); break;
      case "italic": n = el("em"); break;
      case "underline": n = el("u"); break;
      case "strikethrough": n = el("s"); break;
      case "code": n = el("code"); break;
      case "pre":
        n = el("pre");
        var code = el("code");
        if (ent.language) { code.className = "language-" + ent.language; code.dataset.language = ent.language; }
        n.appendChild(code);
        return { outer: n, inner: code };
      case "spoiler":
        n = el("span", "spoiler");
        n.tabIndex = 0;
        n.setAttribute("role", "button");
        n.setAttribute("aria-label", "Spoiler: press to show");
        n.addEventListener("click", reveal);
        n.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); reveal.call(this); } });
        break;
      case "text_link": case "url": case "email": case "phone_number":
        var href = ent.type === "text_link" ? safeHref(ent.url || "") :
          ent.type === "url" ? safeHref(text) : ent.type === "email" ? "mailto:" + text : "tel:" + text.replace(/[^+0-9]/g, "");
        if (!href) { n = el("span"); break; }
        n = el("a");
        n.href = href;
        n.target = "_blank";
        n.rel = "noopener noreferrer";
        break;
      case "bot_command":
        n = el("span", "cmd");
        n.tabIndex = 0;
        n.setAttribute("role", "button");
        var cmd = text;
        n.addEventListener("click", function () { sendText(cmd); });
        n.addEventListener("keydown", function (e) { if (e.key === "Enter") { sendText(cmd); } });
        break;
      case "blockquote": case "expandable_blockquote": n = el("blockquote"); break;
      case "mention": case "text_mention": case "hashtag": case "cashtag":
        n = el("span", "mention");
        if (ent.user) { n.title = userName(ent.user); }
        break;
      default: n = el("span"); n.dataset.entity = ent.type;
    }
    return { outer: n, inner: n };
  }
  function reveal() { this.classList.add("shown"); this.removeAttribute("role"); this.removeAttribute("tabindex"); this.removeAttribute("aria-label"); }

  // formatted renders text with its entities (offsets and lengths count
  // UTF-16 code units, as JavaScript strings do). Entities nest: each is
  // a node holding the text and the entities inside it.
  function formatted(text, entities) {
    var root = el("div", "text");
    var ents = (entities || []).slice().sort(function (a, b) { return a.offset - b.offset || b.length - a.length; });
    function fill(parent, from, to, list) {
      var pos = from, i = 0;
      while (i < list.length) {
        var e = list[i], end = Math.min(e.offset + e.length, to);
        if (e.offset < pos) { i++; continue; } // overlaps what came before: drop it
        if (e.offset > pos) { parent.appendChild(document.createTextNode(text.slice(pos, e.offset))); }
        var inner = [];
        var j = i + 1;
        for (; j < list.length && list[j].offset < end; j++) { inner.push(list[j]); }
        var n = entityNode(e, text.slice(e.offset, end));
        fill(n.inner, e.offset, end, inner);
        parent.appendChild(n.outer);
        pos = end;
        i = j;
      }
      if (pos < to) { parent.appendChild(document.createTextNode(text.slice(pos, to))); }
    }
    fill(root, 0, text.length, ents);
    return root;
  }

  // ---------------------------------------------------------------- messages

  function preview(m) {
    if (!m) { return ""; }
    if (m.text) { return m.text; }
    if (m.photo) { return "Photo" + (m.caption ? ": " + m.caption : ""); }
    if (m.document) { return "File: " + (m.document.file_name || "") ; }
    if (m.sticker) { return "Sticker " + (m.sticker.emoji || ""); }
    if (m.poll) { return "Poll: " + m.poll.question; }
    if (m.location) { return "Location"; }
    if (m.contact) { return "Contact: " + m.contact.first_name; }
    if (m.dice) { return m.dice.emoji + " " + m.dice.value; }
    var kinds = ["animation", "audio", "video", "voice", "video_note", "venue", "game", "invoice"];
    for (var i = 0; i < kinds.length; i++) { if (m[kinds[i]]) { return kinds[i].replace("_", " "); } }
    return service(m) || "Message";
  }

  function service(m) {
    var who = userName(m.from);
    if (m.new_chat_members) { return m.new_chat_members.map(userName).join(", ") + " joined"; }
    if (m.left_chat_member) { return userName(m.left_chat_member) + " left"; }
    if (m.new_chat_title) { return who + " changed the title to " + m.new_chat_title; }
    if (m.new_chat_photo) { return who + " changed the chat photo"; }
    if (m.delete_chat_photo) { return who + " removed the chat photo"; }
    if (m.group_chat_created || m.supergroup_chat_created || m.channel_chat_created) { return "The chat was created"; }
    if (m.pinned_message) { return who + " pinned “" + preview(m.pinned_message) + "”"; }
    if (m.migrate_to_chat_id) { return "The group became a supergroup"; }
    return "";
  }

  function isMine(m) { return m.from && m.from.id === S.user; }

  function renderMessage(entry) {
    var m = entry.message;
    var svc = service(m) && !m.text;
    var box = el("article", "msg " + (svc ? "service" : isMine(m) ? "out" : "in"));
    box.dataset.id = m.message_id;
    if (m.text !== undefined) { box.dataset.text = m.text; }
    var b = el("div", "bubble");
    box.appendChild(b);
    if (svc) { b.textContent = service(m); return box; }
    var open = S.open;
    if (open[0] === "c" && !isMine(m)) {
      b.appendChild(el("div", "sender", m.sender_chat ? chatName(m.sender_chat) : userName(m.from)));
    }
    if (m.forward_from || m.forward_from_chat || m.forward_sender_name) {
      b.appendChild(el("div", "sender", "Forwarded from " + (m.forward_from ? userName(m.forward_from) :
        m.forward_from_chat ? chatName(m.forward_from_chat) : m.forward_sender_name)));
    }
    if (m.reply_to_message) {
      var r = m.reply_to_message;
      var q = el("button", "quote");
      q.type = "button";
      q.setAttribute("aria-label", "Go to the message replied to");
      q.appendChild(el("b", null, r.sender_chat ? chatName(r.sender_chat) : userName(r.from)));
      q.appendChild(el("span", null, preview(r)));
      q.addEventListener("click", function () { goTo(r.message_id); });
      b.appendChild(q);
    }
    var meta = el("span", "meta", (m.edit_date ? "edited " : "") + hhmm(m.date));
    meta.title = new Date((m.edit_date || m.date) * 1000).toLocaleString();
    content(b, m, entry);
    // The time ends the text's last line (or sits under the media).
    var last = b.lastElementChild;
    (last && last.classList.contains("text") ? last : b).appendChild(meta);
    if (m.reply_markup && m.reply_markup.inline_keyboard) { box.appendChild(inlineKeyboard(m)); }
    var acts = el("div", "actions");
    acts.appendChild(button("Reply", function () { startReply(m); }));
    if (isMine(m) && m.text) { acts.appendChild(button("Edit", function () { startEdit(m); })); }
    if (isMine(m)) { acts.appendChild(button("Delete", function () { del(m); })); }
    box.appendChild(acts);
    return box;
  }

  function largest(sizes) {
    return sizes.reduce(function (a, s) { return (s.width * s.height > a.width * a.height) ? s : a; }, sizes[0]);
  }

  function content(b, m, entry) {
    if (m.photo && m.photo.length) {
      var p = largest(m.photo), img = el("img", "photo");
      img.src = fileURL(p.file_id);
      img.alt = m.caption ? "Photo: " + m.caption : "Photo";
      img.width = Math.min(p.width || 320, 320);
      if (p.width && p.height) { img.height = Math.round(img.width * p.height / p.width); }
      img.loading = "lazy";
      b.appendChild(img);
    }
    if (m.sticker) {
      var s = m.sticker;
      if (!s.is_animated && !s.is_video) {
        var si = el("img", "sticker");
        si.src = fileURL(s.file_id);
        si.alt = "Sticker " + (s.emoji || "");
        si.loading = "lazy";
        si.addEventListener("error", function () { si.replaceWith(el("div", "sticker-emoji", s.emoji || "🖼")); });
        b.appendChild(si);
      } else {
        b.appendChild(el("div", "sticker-emoji", s.emoji || "🖼"));
      }
    }
    var files = [["document", "File"], ["animation", "GIF"], ["video", "Video"], ["audio", "Audio"], ["voice", "Voice"], ["video_note", "Video message"]];
    files.forEach(function (f) {
      var d = m[f[0]];
      if (!d) { return; }
      var row = el("div", "file");
      row.appendChild(el("span", "tag", f[1]));
      var a = el("a", null, d.file_name || d.title || f[0].replace("_", " "));
      a.href = fileURL(d.file_id);
      a.setAttribute("download", d.file_name || "");
      row.appendChild(a);
      row.appendChild(el("span", "hint", size(d.file_size)));
      b.appendChild(row);
    });
    if (m.poll) { b.appendChild(poll(m, entry)); }
    if (m.venue || m.location) {
      var loc = m.venue ? m.venue.location : m.location, lb = el("div", "location");
      if (m.venue) { lb.appendChild(el("strong", null, m.venue.title)); lb.appendChild(el("div", null, m.venue.address)); }
      var la = el("a", null, "Location " + loc.latitude.toFixed(5) + ", " + loc.longitude.toFixed(5));
      la.href = "https://www.openstreetmap.org/?mlat=" + loc.latitude + "&mlon=" + loc.longitude;
      la.target = "_blank";
      la.rel = "noopener noreferrer";
      lb.appendChild(la);
      if (loc.live_period) { lb.appendChild(el("div", "hint", "Live location")); }
      b.appendChild(lb);
    }
    if (m.contact) { b.appendChild(el("div", null, "Contact: " + [m.contact.first_name, m.contact.last_name].filter(Boolean).join(" ") + " " + m.contact.phone_number)); }
    if (m.dice) { b.appendChild(el("div", "sticker-emoji", m.dice.emoji + " " + m.dice.value)); }
    if (m.game) { b.appendChild(el("strong", null, "Game: " + m.game.title)); }
    if (m.invoice) { b.appendChild(el("strong", null, "Invoice: " + m.invoice.title)); }
    if (m.text !== undefined) { b.appendChild(formatted(m.text, m.entities)); }
    if (m.caption) { b.appendChild(formatted(m.caption, m.caption_entities)); }
  }

  function poll(m, entry) {
    var p = m.poll, box = el("div", "poll");
    box.appendChild(el("h3", null, p.question));
    var kind = (p.is_anonymous === false ? "Public " : "Anonymous ") + (p.type === "quiz" ? "quiz" : "poll") +
      (p.allows_multiple_answers ? ", several answers" : "") + (p.is_closed ? " · closed" : "");
    box.appendChild(el("div", "kind", kind));
    var voted = entry.voted || [];
    var total = p.total_voter_count || 0;
    var list = el("ul");
    var chosen = new Set();
    var canVote = !p.is_closed && !(p.type === "quiz" && voted.length);
    p.options.forEach(function (o, i) {
      var li = el("li");
      var btn = el("button", "option");
      btn.type = "button";
      var pct = total ? Math.round(100 * o.voter_count / total) : 0;
      var fill = el("span", "fill");
      fill.style.width = pct + "%";
      btn.appendChild(fill);
      btn.appendChild(el("span", null, o.text));
      btn.appendChild(el("span", "count", o.voter_count + " · " + pct + "%"));
      btn.setAttribute("aria-label", o.text + ": " + o.voter_count + " votes, " + pct + "%");
      if (voted.indexOf(i) >= 0) { btn.classList.add("chosen"); btn.setAttribute("aria-pressed", "true"); }
      if (p.type === "quiz" && p.correct_option_id === i && (voted.length || p.is_closed)) { btn.classList.add("correct"); }
      btn.disabled = !canVote;
      btn.addEventListener("click", function () {
        if (!p.allows_multiple_answers) { vote(p.id, [i]); return; }
        if (chosen.has(i)) { chosen.delete(i); btn.setAttribute("aria-pressed", "false"); } else { chosen.add(i); btn.setAttribute("aria-pressed", "true"); }
      });
      li.appendChild(btn);
      list.appendChild(li);
    });
    box.appendChild(list);
    var foot = el("div", "total", total + (total === 1 ? " vote" : " votes"));
    if (p.allows_multiple_answers && canVote) {
      foot.appendChild(button("Vote", function () { vote(p.id, Array.from(chosen).sort()); }));
    }
    if (voted.length && canVote && p.type !== "quiz") {
      foot.appendChild(button("Retract vote", function () { vote(p.id, []); }));
    }
    box.appendChild(foot);
    return box;
  }

  function vote(pollID, options) {
    api("vote", { user_id: S.user, poll_id: pollID, option_ids: options }).catch(fail);
  }

  function inlineKeyboard(m) {
    var kb = el("div", "inline-kb");
    kb.setAttribute("role", "group");
    kb.setAttribute("aria-label", "Buttons");
    m.reply_markup.inline_keyboard.forEach(function (row) {
      var r = el("div", "row");
      row.forEach(function (bt) {
        var b;
        if (bt.url) {
          b = el("a", null, bt.text + " ↗");
          b.href = safeHref(bt.url);
          b.target = "_blank";
          b.rel = "noopener noreferrer";
          b.className = "link-button";
        } else {
          b = button(bt.text, function () {});
          if (bt.callback_data !== undefined) {
            b.addEventListener("click", function () { press(m, bt.callback_data, b); });
          } else if (bt.copy_text) {
            b.addEventListener("click", function () {
              (navigator.clipboard ? navigator.clipboard.writeText(bt.copy_text.text) : Promise.reject(new Error("no clipboard")))
                .then(function () { toast("Copied"); }, fail);
            });
          } else {
            b.disabled = true;
            b.title = "Not emulated by the window";
          }
        }
        r.appendChild(b);
      });
      kb.appendChild(r);
    });
    return kb;
  }

  function press(m, data, b) {
    b.classList.add("busy");
    b.setAttribute("aria-busy", "true");
    api("press", withUser(S.open, { message_id: m.message_id, data: data })).then(function (res) {
      var id = res.callback_query_id;
      S.presses.set(id, b);
      if (S.early.has(id)) { var a = S.early.get(id); S.early.delete(id); answered(id, a); return; }
      setTimeout(function () { answered(id, null); }, 30000);
    }).catch(function (e) { b.classList.remove("busy"); b.removeAttribute("aria-busy"); fail(e); });
  }

  // answered shows the bot's answer to a button press.
  function answered(id, a) {
    var b = S.presses.get(id);
    if (!b) {
      // The answer can come before the press's own reply: keep it a while.
      if (a) { S.early.set(id, a); setTimeout(function () { S.early.delete(id); }, 30000); }
      return;
    }
    S.presses.delete(id);
    b.classList.remove("busy");
    b.removeAttribute("aria-busy");
    if (!a) { return; }
    if (a.text && a.show_alert) { alertBox(a.text); } else if (a.text) { toast(a.text); }
    if (a.url) { toast("The bot opens " + a.url); }
  }

  // ---------------------------------------------------------------- the open chat

  function nearBottom() {
    var box = $("messages");
    return box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  }
  function toBottom() { var box = $("messages"); box.scrollTop = box.scrollHeight; }

  function upsert(entry, follow) {
    var id = entry.message.message_id, known = S.entries.has(id);
    S.entries.set(id, entry);
    var old = S.elems.get(id), stick = follow && nearBottom();
    if (known && !old) { return; } // an older message not rendered yet: its chunk shows it as it is now
    var n = renderMessage(entry);
    S.elems.set(id, n);
    if (old) {
      old.replaceWith(n);
    } else {
      var box = $("messages"), after = null;
      // Keep ids in order: a message arrives after every lower id.
      for (var c = box.lastElementChild; c; c = c.previousElementSibling) {
        if (Number(c.dataset.id) < id) { after = c; break; }
      }
      if (after) { after.after(n); } else { box.prepend(n); }
      if (stick || isMine(entry.message)) { toBottom(); }
    }
    keyboard();
  }

  function remove(id) {
    var n = S.elems.get(id);
    if (n) { n.remove(); }
    S.elems.delete(id);
    S.entries.delete(id);
    keyboard();
  }

  function goTo(id) {
    var n = S.elems.get(id);
    if (!n) { toast("That message is no longer kept"); return; }
    n.scrollIntoView({ block: "center" });
    n.classList.add("flash");
    setTimeout(function () { n.classList.remove("flash"); }, 1200);
  }

  function currentChat() {
    for (var i = 0; i < S.chats.length; i++) { if (keyOf(S.chats[i]) === S.open) { return S.chats[i]; } }
    return null;
  }

  // How many messages the first frame of a chat shows, and how many more
  // each later task adds above them.
  var firstChunk = 60, olderChunk = 200;

  // renderRange puts the messages of ids (ascending, kept in S.entries)
  // that are not shown yet in the chat, before the first shown message of
  // a higher id.
  function renderRange(ids) {
    var frag = document.createDocumentFragment(), last = 0;
    ids.forEach(function (id) {
      var e = S.entries.get(id);
      if (!e || S.elems.has(id)) { return; }
      var n = renderMessage(e);
      S.elems.set(id, n);
      frag.appendChild(n);
      last = id;
    });
    var box = $("messages"), before = null;
    for (var c = box.firstElementChild; c; c = c.nextElementSibling) {
      if (Number(c.dataset.id) > last) { before = c; break; }
    }
    box.insertBefore(frag, before);
  }

  function openChat(key, focus) {
    S.open = key;
    S.entries.clear();
    S.elems.clear();
    delete window.APIGEN_CHAT_RENDER_MS;
    delete window.APIGEN_CHAT_ALL_MS;
    cancelContext();
    $("messages").textContent = "";
    $("messages").removeAttribute("aria-busy");
    $("app").classList.add("open");
    renderChatList();
    head();
    if (!key) { return Promise.resolve(); }
    var started = performance.now();
    return api("history", withUser(key, { limit: 5000 })).then(function (hist) {
      if (S.open !== key) { return; }
      hist.forEach(function (e) { S.entries.set(e.message.message_id, e); });
      // The most recent messages first, in one frame; the older ones
      // after, a chunk per task, above them (the view stays put).
      var ids = hist.map(function (e) { return e.message.message_id; });
      $("messages").setAttribute("aria-busy", "true"); // a screen reader reads the history once it is in
      var end = ids.length, first = Math.max(0, end - firstChunk);
      renderRange(ids.slice(first, end));
      toBottom();
      keyboard();
      // The time to the first frame showing the chat (the browser test's
      // figure): the next animation frame, then the task after its paint.
      requestAnimationFrame(function () {
        setTimeout(function () { window.APIGEN_CHAT_RENDER_MS = performance.now() - started; }, 0);
      });
      if (focus) { $("text").focus(); }
      (function older(to) {
        if (to <= 0) {
          $("messages").removeAttribute("aria-busy");
          window.APIGEN_CHAT_ALL_MS = performance.now() - started;
          return;
        }
        setTimeout(function () {
          if (S.open !== key) { return; }
          var from = Math.max(0, to - olderChunk), stick = nearBottom();
          renderRange(ids.slice(from, to));
          if (stick) { toBottom(); }
          older(from);
        }, 0);
      })(first);
    }).catch(fail).then(loadCommands);
  }

  function head() {
    var c = currentChat();
    $("chat-title").textContent = c ? chatName(c.chat) : "No chat open";
    var sub = "", member = true;
    if (c && c.bot_id) { sub = "bot" + (c.chat.username ? " · @" + c.chat.username : ""); }
    if (c && c.chat_id) {
      sub = c.chat.type + (c.chat.username ? " · @" + c.chat.username : "") + " · you: " + c.status;
      member = ["creator", "administrator", "member", "restricted"].indexOf(c.status) >= 0;
    }
    $("chat-sub").textContent = sub;
    $("join").hidden = !c || !c.chat_id || member;
    $("leave").hidden = !c || !c.chat_id || !member || c.status === "creator";
    var canWrite = !!c && member && !(c.chat && c.chat.type === "channel" && ["creator", "administrator"].indexOf(c.status) < 0);
    ["text", "send", "attach"].forEach(function (id) { $(id).disabled = !canWrite; });
    $("text").placeholder = !c ? "Open a chat" : canWrite ? "Message" : member ? "Only administrators post here" : "Join to write";
  }

  // keyboard shows the reply keyboard in force: the last one a bot sent in
  // the chat, unless removed since (or answered, when one-time).
  function keyboard() {
    var kb = null, msgID = 0, ids = Array.from(S.entries.keys()).sort(function (a, b) { return a - b; });
    for (var i = ids.length - 1; i >= 0; i--) {
      var e = S.entries.get(ids[i]);
      if (e.keyboard) { kb = e.keyboard; msgID = ids[i]; break; }
    }
    var box = $("keyboard");
    box.textContent = "";
    var show = kb && kb.keyboard && S.kbHidden[S.open] !== msgID;
    $("kb-toggle").hidden = !(kb && kb.keyboard) || show;
    if (kb && kb.force_reply && S.replyTo === 0 && S.editing === 0 && S.forced !== msgID) {
      S.forced = msgID;
      var m = S.entries.get(msgID).message;
      startReply(m);
      if (kb.input_field_placeholder) { $("text").placeholder = kb.input_field_placeholder; }
    }
    if (!show) { box.hidden = true; return; }
    kb.keyboard.forEach(function (row) {
      var r = el("div", "row");
      row.forEach(function (bt) {
        var text = typeof bt === "string" ? bt : bt.text;
        var b = button(text, function () {
          if (kb.one_time_keyboard) { S.kbHidden[S.open] = msgID; }
          sendText(text);
        });
        if (bt.request_contact || bt.request_location || bt.request_poll || bt.request_users || bt.request_user || bt.request_chat || bt.web_app) {
          b.disabled = true;
          b.title = "Not emulated by the window";
        }
        r.appendChild(b);
      });
      box.appendChild(r);
    });
    if (kb.input_field_placeholder) { $("text").placeholder = kb.input_field_placeholder; }
    box.hidden = false;
  }
  $("kb-toggle").addEventListener("click", function () { delete S.kbHidden[S.open]; keyboard(); });

  // ---------------------------------------------------------------- acting

  function sendText(text) {
    if (!S.open || !text) { return Promise.resolve(); }
    var params = withUser(S.open, { text: text });
    if (S.replyTo) { params.reply_to_message_id = S.replyTo; }
    cancelContext();
    return api("send", params).then(function (m) { upsert({ message: m }, true); }).catch(fail);
  }

  function startReply(m) {
    S.replyTo = m.message_id;
    S.editing = 0;
    $("context-text").textContent = "Reply to " + (m.from ? userName(m.from) : "") + ": " + preview(m);
    $("context").hidden = false;
    $("text").focus();
  }
  function startEdit(m) {
    S.editing = m.message_id;
    S.replyTo = 0;
    $("context-text").textContent = "Editing: " + preview(m);
    $("context").hidden = false;
    $("text").value = m.text;
    $("text").focus();
  }
  function cancelContext() {
    if (S.editing) { $("text").value = ""; }
    S.replyTo = 0;
    S.editing = 0;
    $("context").hidden = true;
  }
  $("context-cancel").addEventListener("click", cancelContext);

  function del(m) {
    api("delete", withUser(S.open, { message_id: m.message_id })).then(function () { remove(m.message_id); }).catch(fail);
  }

  $("compose").addEventListener("submit", function (e) {
    e.preventDefault();
    var t = $("text"), text = t.value.trim() === "" ? "" : t.value;
    if (S.attachment) { sendAttachment(isImage(S.attachment.type)); return; }
    if (!text) { return; }
    hideCommands();
    if (S.editing) {
      var id = S.editing;
      api("edit", withUser(S.open, { message_id: id, text: text })).then(function (m) {
        t.value = "";
        cancelContext();
        var old = S.entries.get(id) || {};
        upsert({ message: m, keyboard: old.keyboard, voted: old.voted }, false);
      }).catch(fail);
      return;
    }
    t.value = "";
    sendText(text);
  });

  $("text").addEventListener("keydown", function (e) {
    var list = $("commands");
    if (!list.hidden && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
      e.preventDefault();
      var items = list.children;
      S.cmdIndex = (S.cmdIndex + (e.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
      Array.prototype.forEach.call(items, function (li, i) { li.setAttribute("aria-selected", i === S.cmdIndex ? "true" : "false"); });
      return;
    }
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      if (!list.hidden && S.cmdIndex >= 0 && list.children[S.cmdIndex]) { list.children[S.cmdIndex].click(); return; }
      $("compose").requestSubmit();
      return;
    }
    if (e.key === "Escape") {
      if (!list.hidden) { hideCommands(); } else { cancelContext(); clearAttachment(); }
    }
  });
  function commandInput() {
    var v = $("text").value;
    if (/^\/\w*$/.test(v) && S.commands.length) { showCommands(v.slice(1)); } else { hideCommands(); }
  }
  $("text").addEventListener("input", commandInput);

  // The command menu (setMyCommands).
  function loadCommands() {
    var c = currentChat();
    S.commands = [];
    $("menu").hidden = true;
    if (!c || !c.bot_id) { return; }
    return api("commands", { bot_id: c.bot_id }).then(function (cmds) {
      S.commands = cmds || [];
      $("menu").hidden = S.commands.length === 0;
      commandInput(); // a "/" typed while they loaded
    }).catch(fail);
  }
  function showCommands(prefix) {
    var list = $("commands");
    list.textContent = "";
    S.cmdIndex = -1;
    S.commands.filter(function (c) { return c.command.indexOf(prefix) === 0; }).forEach(function (c) {
      var li = el("li");
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      li.appendChild(el("span", "c", "/" + c.command));
      li.appendChild(el("span", null, c.description));
      li.addEventListener("click", function () { hideCommands(); $("text").value = ""; sendText("/" + c.command); $("text").focus(); });
      list.appendChild(li);
    });
    list.hidden = list.children.length === 0;
    $("menu").setAttribute("aria-expanded", String(!list.hidden));
  }
  function hideCommands() { $("commands").hidden = true; $("menu").setAttribute("aria-expanded", "false"); }
  $("menu").addEventListener("click", function () {
    if ($("commands").hidden) { showCommands(""); $("text").focus(); } else { hideCommands(); }
  });

  // Attachments: a photo or a document, base64 in the control API's JSON.
  var maxUpload = 12 << 20;
  function isImage(t) { return /^image\/(png|jpeg|gif)$/.test(t); }
  $("attach").addEventListener("click", function () { $("file").click(); });
  $("file").addEventListener("change", function () {
    var f = this.files[0];
    this.value = "";
    if (!f) { return; }
    if (f.size > maxUpload) { toast("The window sends files of up to 12 MiB", true); return; }
    var rd = new FileReader();
    rd.onload = function () {
      var url = String(rd.result);
      S.attachment = { name: f.name, type: f.type, data: url.slice(url.indexOf(",") + 1) };
      $("attachment-name").textContent = f.name + " (" + size(f.size) + ")";
      if (isImage(f.type)) { $("attachment-preview").src = url; } else { $("attachment-preview").removeAttribute("src"); }
      $("send-photo").disabled = !isImage(f.type);
      $("attachment").hidden = false;
      (isImage(f.type) ? $("send-photo") : $("send-document")).focus();
    };
    rd.onerror = function () { toast("Could not read " + f.name, true); };
    rd.readAsDataURL(f);
  });
  function clearAttachment() {
    S.attachment = null;
    $("attachment").hidden = true;
    $("attachment-preview").removeAttribute("src");
  }
  function sendAttachment(photo) {
    var a = S.attachment;
    if (!a || !S.open) { return; }
    var params = withUser(S.open, { file: a.data, file_name: a.name });
    var caption = $("text").value;
    if (caption.trim()) { params.caption = caption; }
    if (S.replyTo) { params.reply_to_message_id = S.replyTo; }
    clearAttachment();
    $("text").value = "";
    cancelContext();
    api(photo ? "send_photo" : "send_document", params).then(function (m) { upsert({ message: m }, true); }).catch(fail);
  }
  $("send-photo").addEventListener("click", function () { sendAttachment(true); });
  $("send-document").addEventListener("click", function () { sendAttachment(false); });
  $("attachment-cancel").addEventListener("click", clearAttachment);

  $("join").addEventListener("click", function () {
    api("join", { user_id: S.user, chat_id: where(S.open).chat_id }).then(loadChats).catch(fail);
  });
  $("leave").addEventListener("click", function () {
    api("leave", { user_id: S.user, chat_id: where(S.open).chat_id }).then(loadChats).catch(fail);
  });
  $("back").addEventListener("click", function () {
    $("app").classList.remove("open");
    var cur = document.querySelector('.chat-item[aria-current="true"]');
    if (cur) { cur.focus(); }
  });

  // ---------------------------------------------------------------- chat list, users, clock

  function renderChatList() {
    var ul = $("chats"), focused = document.activeElement && document.activeElement.classList.contains("chat-item") ?
      document.activeElement.dataset.key : "";
    ul.textContent = "";
    $("no-chats").hidden = S.chats.length > 0;
    S.chats.forEach(function (c) {
      var key = keyOf(c), li = el("li"), b = el("button", "chat-item");
      b.type = "button";
      b.dataset.key = key;
      if (key === S.open) { b.setAttribute("aria-current", "true"); }
      var name = chatName(c.chat);
      b.appendChild(el("span", "avatar", name.slice(0, 1).toUpperCase()));
      b.lastChild.setAttribute("aria-hidden", "true");
      var nm = el("span", "name", name);
      var tag = c.bot_id ? "bot" : c.chat.type === "private" ? "" : c.chat.type;
      if (tag) { nm.appendChild(el("span", "tag", tag)); }
      b.appendChild(nm);
      b.appendChild(el("span", "when", c.last_message ? hhmm(c.last_message.date) : ""));
      b.appendChild(el("span", "preview", c.last_message ? preview(c.last_message) :
        c.bot_id ? "Start the bot" : c.status === "left" || c.status === "kicked" ? "Not joined" : ""));
      b.addEventListener("click", function () { openChat(key, true); });
      li.appendChild(b);
      ul.appendChild(li);
      if (key === focused) { b.focus(); } // the list changed under the keyboard's focus: keep it
    });
  }
  $("chats").addEventListener("keydown", function (e) {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp" && e.key !== "Home" && e.key !== "End") { return; }
    var items = Array.from(document.querySelectorAll(".chat-item"));
    var i = items.indexOf(document.activeElement);
    if (i < 0) { return; }
    e.preventDefault();
    var j = e.key === "Home" ? 0 : e.key === "End" ? items.length - 1 : e.key === "ArrowDown" ? Math.min(i + 1, items.length - 1) : Math.max(i - 1, 0);
    items[j].focus();
  });

  function setChats(chats) {
    S.chats = chats || [];
    renderChatList();
    head();
  }
  function loadChats() {
    return api("chats", { user_id: S.user }).then(setChats);
  }

  function renderUsers() {
    var sel = $("user");
    sel.textContent = "";
    S.users.filter(function (u) { return !u.is_bot; }).forEach(function (u) {
      var o = el("option", null, userName(u) + (u.username ? " @" + u.username : ""));
      o.value = u.id;
      if (u.id === S.user) { o.selected = true; }
      sel.appendChild(o);
    });
  }
  $("user").addEventListener("change", function () { play(Number(this.value)); });
  $("new-user").addEventListener("click", function () { $("user-form").hidden = false; $("user-name").focus(); });
  $("user-cancel").addEventListener("click", function () { $("user-form").hidden = true; });
  $("user-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var p = { first_name: $("user-name").value.trim() };
    var un = $("user-username").value.trim().replace(/^@/, "");
    if (un) { p.username = un; }
    api("user", p).then(function (u) {
      $("user-form").hidden = true;
      $("user-name").value = "";
      $("user-username").value = "";
      S.users.push(u);
      play(u.id);
    }).catch(fail);
  });

  function tick() {
    var d = new Date(now() * 1000);
    $("clock").textContent = d.toLocaleDateString(undefined, { weekday: "short", month: "short", day: "numeric" }) + " " + d.toLocaleTimeString();
  }
  setInterval(tick, 1000);
  $("advance").addEventListener("click", function () {
    api("advance", { seconds: Number($("advance-by").value) }).then(function (t) { S.clockOffset = t - Date.now() / 1000; tick(); }).catch(fail);
  });

  // ---------------------------------------------------------------- live

  // play makes the window the user id's: its chats, its events.
  function play(id) {
    S.user = id;
    try { localStorage.setItem("apigen-chat-user", String(id)); } catch (e) { /* storage off: fine */ }
    renderUsers();
    S.ready = false;
    S.queued = [];
    if (S.es) { S.es.close(); }
    var es = new EventSource("events?user_id=" + id);
    S.es = es;
    es.onerror = function () {
      // EventSource reconnects by itself (and the feed replays); closed
      // means the emulator refused: a new run, or the session ended.
      if (es.readyState === EventSource.CLOSED && S.es === es) {
        toast("Disconnected from the emulator: open the window URL it printed again", true);
      }
    };
    es.addEventListener("hello", function () { reload(); });
    es.addEventListener("reset", function () { reload(); });
    ["chats", "message", "delete", "users", "clock", "answer"].forEach(function (kind) {
      es.addEventListener(kind, function (ev) {
        var d = JSON.parse(ev.data);
        if (!S.ready) { S.queued.push([kind, d]); } else { apply(kind, d); }
      });
    });
  }

  // reload reads everything anew (at the start, and when the feed says
  // the page missed more than it keeps), then applies what came meanwhile.
  function reload() {
    S.ready = false;
    return Promise.all([api("users"), api("now"), api("chats", { user_id: S.user })]).then(function (r) {
      S.users = r[0];
      S.clockOffset = r[1] - Date.now() / 1000;
      renderUsers();
      tick();
      setChats(r[2]);
      var keep = S.open && S.chats.some(function (c) { return keyOf(c) === S.open; });
      var first = S.chats.length ? keyOf(S.chats[0]) : "";
      return openChat(keep ? S.open : first, false);
    }).then(function () {
      S.ready = true;
      var q = S.queued;
      S.queued = [];
      q.forEach(function (x) { apply(x[0], x[1]); });
      document.body.dataset.ready = "true";
    }).catch(fail);
  }

  function apply(kind, d) {
    switch (kind) {
      case "chats":
        if (d.user_id === S.user) { setChats(d.chats); }
        break;
      case "message":
        if (d.user_id === S.user && d.chat === S.open) { upsert(d.entry, true); }
        break;
      case "delete":
        if (d.user_id === S.user && d.chat === S.open) { remove(d.message_id); }
        break;
      case "users":
        S.users = d;
        renderUsers();
        break;
      case "clock":
        S.clockOffset = d.now - Date.now() / 1000;
        tick();
        break;
      case "answer":
        answered(d.callback_query_id, d.answer);
        break;
    }
  }

  function start() {
    api("users").then(function (users) {
      S.users = users;
      var people = users.filter(function (u) { return !u.is_bot; });
      var saved = 0;
      try { saved = Number(localStorage.getItem("apigen-chat-user")); } catch (e) { /* storage off */ }
      var pick = people.filter(function (u) { return u.id === saved; })[0] || people[0];
      if (!pick) {
        renderUsers();
        $("user-form").hidden = false;
        $("user-name").focus();
        toast("Create the user you play");
        document.body.dataset.ready = "true";
        return;
      }
      play(pick.id);
    }).catch(fail);
  }
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && $("app").classList.contains("open") && document.activeElement !== $("text") && window.matchMedia("(max-width: 700px)").matches) {
      $("back").click();
    }
  });
  start();
})();
