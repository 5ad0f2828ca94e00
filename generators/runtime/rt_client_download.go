// The client part of the runtime, file downloads: DownloadFile and local
// files. The whole part is described in rt_client.go. This comment, above
// the package clause, describes the source file only and is not copied into
// the generated package.

package runtime

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ---------------------------------------------------------------- files

// DownloadFile streams the file at filePath (File.file_path from getFile)
// from {base}/file/bot<token>/<filePath>, or, while the base URL is
// DefaultBaseURL and DefaultFileURL is set, from
// DefaultFileURL/bot<token>/<filePath>. The caller closes the reader.
// Each segment of filePath is percent-escaped; a path with "." or ".."
// segments is an error, so that a path from the network cannot address
// anything but a file below the bot's file directory.
//
// A local server returns an absolute path on its own disk; with
// WithLocalFiles(dir) such a path is opened directly when it lies inside
// dir. Without it an absolute path is an error.
func (c *Client) DownloadFile(ctx context.Context, filePath string) (io.ReadCloser, error) {
	const method = "download"
	if strings.HasPrefix(filePath, "/") || filepath.IsAbs(filePath) {
		f, err := c.openLocal(filePath)
		if err != nil {
			return nil, clientWrap(method, err)
		}
		return f, nil
	}
	if c.baseErr != nil {
		return nil, clientWrap(method, c.baseErr)
	}
	segs := strings.Split(filePath, "/")
	for i, seg := range segs {
		if seg == "." || seg == ".." {
			return nil, clientWrap(method, errors.New("file path "+strconv.Quote(filePath)+` has a "." or ".." segment`))
		}
		segs[i] = url.PathEscape(seg)
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodGet, c.fileBase+"/bot"+url.PathEscape(c.token)+"/"+strings.Join(segs, "/"), nil)
	if err != nil {
		return nil, clientWrap(method, errors.New(c.redact(err.Error())))
	}
	start := time.Now()
	resp, err := c.httpClient.Do(hr)
	if err != nil {
		err = c.redactErr(method, err)
	} else if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		resp.Body.Close()
		err = c.httpError(method, resp, body, nil)
	}
	if c.hook != nil {
		c.hook(ctx, method, time.Since(start), err)
	}
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}

// openLocal opens an absolute path of a local server inside the
// WithLocalFiles directory, through os.Root so that neither ".." nor a
// symbolic link leads out of it.
func (c *Client) openLocal(filePath string) (*os.File, error) {
	if c.localDir == "" {
		return nil, errors.New("absolute file path " + strconv.Quote(filePath) + " is on a local server's disk: pass WithLocalFiles(dir) with the local server's working directory to open it")
	}
	rel, err := filepath.Rel(c.localDir, filepath.Clean(filePath))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return nil, errors.New("file path " + strconv.Quote(filePath) + " is outside the WithLocalFiles directory " + strconv.Quote(c.localDir))
	}
	root, err := os.OpenRoot(c.localDir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.Open(rel)
	if err != nil {
		return nil, errors.New("file path " + strconv.Quote(filePath) + ": " + err.Error())
	}
	return f, nil
}
