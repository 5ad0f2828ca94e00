// Package chatwindow is the emulator's chat window: a page, served by the
// emulator itself under /chat/, where a person plays the user of a bot as
// a messenger shows it — chats on the left, the open chat on the right,
// text with its formatting, photos, polls, keyboards, edits as they
// happen — and acts: writes, presses buttons, votes, sends a photo.
//
// The page reads and acts only through the emulator's control API (the
// window proxies /chat/api/<action> to /control/<action>, adding the
// control token), so it has no way of its own to change the emulator's
// state, and it sees the served version's shapes. Changes reach it as
// server-sent events (/chat/events), replayed after a reconnection from a
// bounded buffer.
//
// It is guarded like the control API: the login URL the emulator prints
// carries a token, which the window exchanges for a session cookie
// (HttpOnly, SameSite=Strict) and takes out of the address bar; every
// request needs the session, a request that acts must come from the
// window's own origin (Origin, Sec-Fetch-Site) with a JSON body, no CORS
// header is ever sent, and the page's Content-Security-Policy allows no
// request outside the emulator.
package chatwindow

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"embed"
	"encoding/base64"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/apigen/apigen/emulator"
)

//go:embed static
var static embed.FS

// maxSessions bounds the sessions kept; a new login beyond it ends the
// oldest.
const maxSessions = 64

const cookieName = "apigen_chat"

// Window is the chat window of one emulator.
type Window struct {
	emu   *emulator.Emulator
	api   http.Handler // the emulator's handler: /control/...
	login string       // the login token (derived from the control token)
	feed  *feed

	mu       sync.Mutex
	sessions map[string]time.Time // session id -> when it was made
}

// New returns the window of emu; Handler serves it in front of the
// emulator's handler.
func New(emu *emulator.Emulator) *Window {
	w := &Window{emu: emu, api: emu.Handler(), sessions: map[string]time.Time{}}
	// The login token follows from the control token, so a fixed
	// -control-token gives the same window URL after a restart; knowing it
	// does not give the control token.
	sum := sha256.Sum256([]byte("apigen chat window login\x00" + emu.ControlToken()))
	w.login = base64.RawURLEncoding.EncodeToString(sum[:18])
	w.feed = newFeed(w)
	return w
}

// LoginPath is the path (with its token) that opens the window: the
// emulator prints it at start, joined to its address.
func (w *Window) LoginPath() string { return "/chat/login?token=" + w.login }

// Close stops the window's feed.
func (w *Window) Close() { w.feed.close() }

// Handler serves the window under /chat/ and passes everything else to
// next (the emulator's handler).
func (w *Window) Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/chat" && !strings.HasPrefix(r.URL.Path, "/chat/") {
			next.ServeHTTP(rw, r)
			return
		}
		h := rw.Header()
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cache-Control", "no-store")
		w.serve(rw, r)
	})
}

// csp allows the page nothing outside the emulator: its own script and
// style, images from the emulator (and the page's previews of a chosen
// file), requests to the emulator only, no frames.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

func (w *Window) serve(rw http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/chat")
	if !crossSiteSafe(r) {
		http.Error(rw, "the chat window answers its own pages only (Sec-Fetch-Site: "+r.Header.Get("Sec-Fetch-Site")+")", http.StatusForbidden)
		return
	}
	switch {
	case path == "/login":
		w.loginHandler(rw, r)
		return
	case path == "/app.js" || path == "/style.css" || path == "/icon.svg":
		w.asset(rw, r, path[1:])
		return
	}
	if !w.session(r) {
		rw.Header().Set("Content-Type", "text/plain; charset=utf-8")
		rw.WriteHeader(http.StatusUnauthorized)
		io.WriteString(rw, "The chat window needs a login: open the URL apigen-emulator printed at start (…/chat/login?token=…).\n")
		return
	}
	switch {
	case path == "" || path == "/":
		w.asset(rw, r, "index.html")
	case path == "/events":
		w.feed.serveEvents(rw, r)
	case strings.HasPrefix(path, "/file/"):
		w.file(rw, r, strings.TrimPrefix(path, "/file/"))
	case strings.HasPrefix(path, "/api/"):
		w.proxy(rw, r, strings.TrimPrefix(path, "/api/"))
	default:
		http.NotFound(rw, r)
	}
}

// crossSiteSafe refuses what another site's page makes the browser
// request (a link, an image, a form): browsers say so in Sec-Fetch-Site;
// a request without it (not a browser's) is judged by the rest.
func crossSiteSafe(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
		return true
	}
	return false
}

// loginHandler exchanges the login token for a session cookie and sends
// the browser on to the window, so the token leaves the address bar (and
// no Referer ever carries it: Referrer-Policy no-referrer).
func (w *Window) loginHandler(rw http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		rw.Header().Set("Allow", "GET")
		http.Error(rw, "GET the login URL", http.StatusMethodNotAllowed)
		return
	}
	if subtle.ConstantTimeCompare([]byte(r.URL.Query().Get("token")), []byte(w.login)) != 1 {
		http.Error(rw, "wrong or missing login token: open the URL apigen-emulator printed at start", http.StatusUnauthorized)
		return
	}
	id := newSession()
	w.mu.Lock()
	if len(w.sessions) >= maxSessions {
		var oldest string
		for s, at := range w.sessions {
			if oldest == "" || at.Before(w.sessions[oldest]) {
				oldest = s
			}
		}
		delete(w.sessions, oldest)
	}
	w.sessions[id] = time.Now()
	w.mu.Unlock()
	http.SetCookie(rw, &http.Cookie{Name: cookieName, Value: id, Path: "/chat", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	http.Redirect(rw, r, "/chat/", http.StatusSeeOther)
}

func newSession() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func (w *Window) session(r *http.Request) bool {
	c, err := r.Cookie(cookieName)
	if err != nil {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	_, ok := w.sessions[c.Value]
	return ok
}

func (w *Window) asset(rw http.ResponseWriter, r *http.Request, name string) {
	data, err := static.ReadFile("static/" + name)
	if err != nil {
		http.NotFound(rw, r)
		return
	}
	ct := mime.TypeByExtension(name[strings.LastIndexByte(name, '.'):])
	rw.Header().Set("Content-Type", ct)
	rw.Header().Set("Content-Security-Policy", csp)
	rw.Write(data)
}

// sameOrigin reports whether a request that acts comes from the window's
// own page: browsers send Origin with every POST.
func sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return false
	}
	u, err := url.Parse(o)
	return err == nil && u.Host == r.Host && (u.Scheme == "http" || u.Scheme == "https")
}

// proxy passes an action of the page to the control API with the control
// token: the window acts only as the control API lets anyone act.
func (w *Window) proxy(rw http.ResponseWriter, r *http.Request, action string) {
	if r.Method != http.MethodPost {
		rw.Header().Set("Allow", "POST")
		http.Error(rw, "POST the window's actions", http.StatusMethodNotAllowed)
		return
	}
	if !sameOrigin(r) {
		http.Error(rw, "the window's actions come from its own page only (Origin)", http.StatusForbidden)
		return
	}
	rec := w.control(r, action, r.Body)
	if action == "press" && rec.Code == http.StatusOK {
		var res struct {
			Result struct {
				ID string `json:"callback_query_id"`
			} `json:"result"`
		}
		if json.Unmarshal(rec.Body.Bytes(), &res) == nil && res.Result.ID != "" {
			w.feed.awaitAnswer(res.Result.ID)
		}
	}
	for k, v := range rec.Header() {
		rw.Header()[k] = v
	}
	rw.WriteHeader(rec.Code)
	rw.Write(rec.Body.Bytes())
}

// control runs a control action through the emulator's handler (the
// same path as a test's HTTP request).
func (w *Window) control(r *http.Request, action string, body io.Reader) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/control/"+url.PathEscape(action), body)
	if r != nil {
		req = req.WithContext(r.Context())
		req.Header.Set("Content-Type", r.Header.Get("Content-Type"))
	} else {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+w.emu.ControlToken())
	rec := httptest.NewRecorder()
	w.api.ServeHTTP(rec, req)
	return rec
}

// read runs a read action with params and decodes its result into out.
func (w *Window) read(action string, params any, out any) bool {
	b, _ := json.Marshal(params)
	rec := w.control(nil, action, bytes.NewReader(b))
	if rec.Code != http.StatusOK {
		return false
	}
	var res struct {
		Result json.RawMessage `json:"result"`
	}
	return json.Unmarshal(rec.Body.Bytes(), &res) == nil && json.Unmarshal(res.Result, out) == nil
}

// file serves a stored file (the control API's file action) to the page:
// images as themselves, anything else as a download; never as a page.
func (w *Window) file(rw http.ResponseWriter, r *http.Request, id string) {
	var f emulator.StoredFile
	if !w.read("file", map[string]string{"file_id": id}, &f) {
		http.NotFound(rw, r)
		return
	}
	ct := "application/octet-stream"
	switch f.MIMEType {
	case "image/png", "image/jpeg", "image/gif", "image/webp":
		ct = f.MIMEType
	default:
		rw.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.FileName}))
	}
	rw.Header().Set("Content-Type", ct)
	rw.Header().Set("Content-Security-Policy", "default-src 'none'; sandbox")
	rw.Header().Set("Cache-Control", "private, max-age=3600") // a file id's contents never change
	rw.Write(f.Data)
}
