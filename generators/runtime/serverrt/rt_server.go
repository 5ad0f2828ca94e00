package serverrt

// Runtime of the server stubs (server_gen.go): routing, authentication,
// request decoding (query string, urlencoded, JSON, multipart), upload
// spooling, error envelopes and file downloads. Owned by the server backend
// (generators/server). Standard library only.

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"io/fs"
	"sync/atomic"
)

// Default limits of NewServer (see the With* options).
const (
	// serverDefaultMaxBody bounds a request body without files, and the
	// non-file parts of a multipart body together: 1 MiB (the API's
	// largest non-file requests are a few kilobytes).
	serverDefaultMaxBody = 1 << 20
	// serverDefaultMaxUpload bounds the uploaded files of one request
	// together: 50 MiB, the document's "50 MB" per send operation of the
	// cloud service read generously, so that no upload it accepts is
	// refused.
	serverDefaultMaxUpload = 50 << 20
	// serverLocalMaxUpload is the local server's upload limit: 2000 MiB
	// (the document's "2000 MB", read the same way).
	serverLocalMaxUpload = 2000 << 20
	// serverDefaultMultipartMemory is how much uploaded data one request
	// keeps in memory before spooling to temporary files.
	serverDefaultMultipartMemory = 8 << 20
	// serverDefaultMultipartMemoryTotal is how much uploaded data all
	// requests together keep in memory: 64 MiB. Without a shared bound, 100
	// concurrent uploads held 800 MiB (the soak test's peak RSS was 853
	// MB); beyond it uploads are spooled to temporary files.
	serverDefaultMultipartMemoryTotal = 64 << 20
	// serverMaxParts bounds the number of multipart parts of one request.
	serverMaxParts = 1000
	// serverMaxHeaderLines bounds the part header lines of one multipart
	// body, all parts together: mime/multipart's bound (10 000 headers).
	// Without it 64 requests of 150 000 header lines each (within the body
	// limit) cost 3.3 s of CPU and 325 MB.
	serverMaxHeaderLines = 10000
	// serverMaxParams bounds the number of parameters of one request
	// (query string, form, JSON members and text parts together): the
	// API's methods take at most a few dozen, and each parameter costs
	// some 20 times its size in memory, so a body of tiny "a=b&" pairs is
	// refused before anything is allocated for it.
	serverMaxParams = 1000
	// serverPartSlack is what a multipart body may carry beyond the body
	// limit for non-file data: part headers and boundaries of the file
	// parts, and the reader's look-ahead.
	serverPartSlack = 64 << 10
)

// ServerOption configures NewServer.
type ServerOption func(*serverConfig)

type serverConfig struct {
	auth            func(ctx context.Context, token string) bool
	maxBody         int64
	maxUpload       int64
	multipartMemory int64
	memTotal        int64
	memUsed         *atomic.Int64 // shared by the handler's requests
	tempDir         string
	files           FileStore
	errorHook       func(ctx context.Context, method string, err error)
	notImplemented  func(ctx context.Context, method string)
	extra           map[string]serverExtra // WithMethod (rt_server_methods.go)
}

// WithTokens accepts only requests whose path carries one of tokens; any
// other token is answered 401 Unauthorized. Tokens are compared in constant
// time (their SHA-256 digests, so neither contents nor lengths leak through
// timing). Without WithTokens or WithAuth every token is accepted and the
// implementation reads it with TokenFromContext.
func WithTokens(tokens ...string) ServerOption {
	sums := make([][sha256.Size]byte, len(tokens))
	for i, t := range tokens {
		sums[i] = sha256.Sum256([]byte(t))
	}
	return func(c *serverConfig) {
		c.auth = func(_ context.Context, token string) bool {
			got := sha256.Sum256([]byte(token))
			ok := 0
			for i := range sums {
				ok |= subtle.ConstantTimeCompare(got[:], sums[i][:])
			}
			return ok == 1
		}
	}
}

// WithAuth sets the function that accepts or rejects a request's token
// (401 Unauthorized when it returns false). It replaces WithTokens; it should
// compare secrets in constant time (crypto/subtle).
func WithAuth(accept func(ctx context.Context, token string) bool) ServerOption {
	return func(c *serverConfig) { c.auth = accept }
}

// WithMaxBodySize bounds a request body without files, and the non-file
// parts of a multipart/form-data body together (default 1 MiB). A larger
// body is answered 413 Request Entity Too Large.
func WithMaxBodySize(n int64) ServerOption { return func(c *serverConfig) { c.maxBody = n } }

// WithMaxUploadSize bounds the uploaded files of one request together
// (default 50 MiB, the cloud limit per send operation). A larger upload is
// answered 413 Request Entity Too Large.
func WithMaxUploadSize(n int64) ServerOption { return func(c *serverConfig) { c.maxUpload = n } }

// WithLocalServerLimits applies the local server's upload limit (2000 MiB).
func WithLocalServerLimits() ServerOption {
	return func(c *serverConfig) { c.maxUpload = serverLocalMaxUpload }
}

// WithMaxMultipartMemory sets how many bytes of uploaded files one request
// keeps in memory (default 8 MiB); the rest is spooled to temporary files
// that are removed when the method returns.
func WithMaxMultipartMemory(n int64) ServerOption {
	return func(c *serverConfig) { c.multipartMemory = n }
}

// WithMaxMultipartMemoryTotal sets how many bytes of uploaded files all
// requests being served keep in memory together (default 64 MiB); an
// upload that does not fit is spooled to a temporary file.
func WithMaxMultipartMemoryTotal(n int64) ServerOption {
	return func(c *serverConfig) { c.memTotal = n }
}

// reserve takes up to want bytes of the shared in-memory upload budget and
// returns how many it took.
func (c *serverConfig) reserve(want int64) int64 {
	for {
		used := c.memUsed.Load()
		avail := c.memTotal - used
		if avail <= 0 || want <= 0 {
			return 0
		}
		r := min(want, avail)
		if c.memUsed.CompareAndSwap(used, used+r) {
			return r
		}
	}
}

// WithTempDir sets the directory of spooled uploads (default os.TempDir()).
func WithTempDir(dir string) ServerOption { return func(c *serverConfig) { c.tempDir = dir } }

// WithFileStore serves GET /file/bot<token>/<file_path> from fs, as
// application/octet-stream with X-Content-Type-Options: nosniff (never a
// type sniffed from the contents). Without it those requests are answered
// 404 Not Found. DirFileStore(dir) is a store confined to dir; a store on
// os.DirFS follows symbolic links out of its directory.
func WithFileStore(fs FileStore) ServerOption { return func(c *serverConfig) { c.files = fs } }

// WithErrorHook is called with every error answered 500 Internal Server Error
// (an implementation error that is not an *botapi.Error, a nil result, a result
// that cannot be encoded, a panic, a FileStore failure). The client only
// sees "Internal Server Error"; log the details here. method is the API
// method name as routed (or "file" for downloads).
func WithErrorHook(hook func(ctx context.Context, method string, err error)) ServerOption {
	return func(c *serverConfig) { c.errorHook = hook }
}

// WithNotImplementedHook is called with each request the implementation
// declines with ErrNotImplemented (every method of Unimplemented), before
// the 404 is written: the request was routed, authorized, decoded and
// validated, and only the implementation did not serve it. A front that
// validates with this server and serves the methods elsewhere learns
// from it, not from the answer's text, that a request is valid. method
// is the API method name as routed; ctx is the request's.
func WithNotImplementedHook(hook func(ctx context.Context, method string)) ServerOption {
	return func(c *serverConfig) { c.notImplemented = hook }
}

// FileStore serves the files whose file_path getFile returned.
type FileStore interface {
	// Open returns the file at filePath, a clean relative slash-separated
	// path (the server has rejected "..", absolute paths, backslashes, NUL
	// and encoded slashes). The token is in ctx (TokenFromContext). Return
	// an error wrapping fs.ErrNotExist for 404 Not Found, an *botapi.Error to
	// choose the answer, anything else for 500. A file that implements
	// io.Seeker is served with range support.
	Open(ctx context.Context, filePath string) (fs.File, error)
}
