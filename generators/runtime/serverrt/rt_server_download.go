// The server part of the runtime, file downloads: /file/bot<token>/<path>
// served from a FileStore, and DirFileStore. The whole part is described in
// rt_server.go. This comment, above the package clause, describes the
// source file only and is not copied into the generated package.

package serverrt

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	botapi "github.com/apigen/apigen/generators/runtime"
)

// ---------------------------------------------------------------- files

func (h *serverHandler) serveFile(rw http.ResponseWriter, req *http.Request, s string) {
	token, filePath, ok := serverSplitToken(s)
	if !ok {
		serverWriteError(rw, serverErrNotFound)
		return
	}
	ctx := req.Context()
	if !h.authorize(ctx, token) {
		serverWriteError(rw, serverErrUnauthorized)
		return
	}
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		rw.Header().Set("Allow", "GET, HEAD")
		serverWriteError(rw, &botapi.Error{Code: http.StatusMethodNotAllowed, Description: "Method Not Allowed: use GET"})
		return
	}
	if h.cfg.files == nil {
		serverWriteError(rw, serverErrNotFound)
		return
	}
	raw := req.URL.EscapedPath()
	if msg := serverCheckFilePath(filePath, raw); msg != "" {
		serverWriteError(rw, serverBad(msg))
		return
	}
	ctx = serverWithToken(ctx, token)
	f, err := h.cfg.files.Open(ctx, filePath)
	if err != nil {
		var e *botapi.Error
		switch {
		case errors.As(err, &e) && e != nil:
			serverWriteError(rw, e)
		case errors.Is(err, fs.ErrNotExist) || serverEscapes(err):
			serverWriteError(rw, serverErrNotFound)
		default:
			serverWriteError(rw, h.answerOf(ctx, "file", err))
		}
		return
	}
	defer f.Close()
	var size int64 = -1
	var mod time.Time
	if st, err := f.Stat(); err == nil {
		if st.IsDir() {
			serverWriteError(rw, serverErrNotFound)
			return
		}
		size, mod = st.Size(), st.ModTime()
	}
	// Uploaded files are whatever a user sent: never let a browser sniff
	// them into HTML or SVG on the server's origin.
	rw.Header().Set("Content-Type", "application/octet-stream")
	rw.Header().Set("X-Content-Type-Options", "nosniff")
	if rs, ok := f.(io.ReadSeeker); ok {
		name := filePath[strings.LastIndexByte(filePath, '/')+1:]
		http.ServeContent(rw, req, name, mod, rs)
		return
	}
	if size >= 0 {
		rw.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	}
	rw.WriteHeader(http.StatusOK)
	if req.Method != http.MethodHead {
		io.Copy(rw, f)
	}
}

// serverEscapes reports an os.Root refusing a path that leads out of its
// directory (a symbolic link): the file does not exist as far as the
// client may know.
func serverEscapes(err error) bool {
	return strings.Contains(err.Error(), "path escapes from parent")
}

// DirFileStore serves the files under dir through os.Root: a ".." or a
// symbolic link that leads out of dir is answered 404, so only files below
// dir can be downloaded. Prefer it to a store built on os.DirFS, which
// follows symbolic links out of its directory.
func DirFileStore(dir string) FileStore { return serverDirStore{dir: dir} }

type serverDirStore struct{ dir string }

func (d serverDirStore) Open(_ context.Context, filePath string) (fs.File, error) {
	root, err := os.OpenRoot(d.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.Open(filePath)
	if err != nil && serverEscapes(err) {
		return nil, fs.ErrNotExist
	}
	return f, err
}

// serverCheckFilePath rejects download paths that could leave the store:
// empty, absolute, "." or ".." segments, empty segments, backslashes, NUL or
// other control characters, invalid UTF-8, and encoded slashes, backslashes
// or NULs in the raw path. It returns the reason, or "" when p is clean.
func serverCheckFilePath(p, raw string) string {
	lr := strings.ToLower(raw)
	for _, enc := range []string{"%2f", "%5c", "%00"} {
		if strings.Contains(lr, enc) {
			return "invalid file path: encoded " + map[string]string{"%2f": "slash", "%5c": "backslash", "%00": "NUL"}[enc]
		}
	}
	switch {
	case p == "":
		return "invalid file path: empty"
	case p[0] == '/':
		return "invalid file path: absolute"
	case !utf8.ValidString(p):
		return "invalid file path: not UTF-8"
	}
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			return "invalid file path: backslash"
		case c < 0x20 || c == 0x7f:
			return "invalid file path: control character"
		case c == ':' && i == 1:
			return "invalid file path: drive letter"
		}
	}
	for _, seg := range strings.Split(p, "/") {
		switch seg {
		case "":
			return "invalid file path: empty segment"
		case ".", "..":
			return "invalid file path: dot segment"
		}
	}
	return ""
}
