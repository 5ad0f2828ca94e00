package server

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// FuzzMultipart sends multipart bodies with arbitrary boundaries, part
// headers and contents to sendPhoto and sendMediaGroup under small limits:
// the server must never panic or answer 500, must answer a well-formed
// envelope, must stay within its limits (413, never a larger allocation
// that passes), and must leave no temporary file behind. `go test` runs the
// seeds (so CI does); `make fuzz` explores.
func FuzzMultipart(f *testing.F) {
	type seed struct {
		boundary, method   string
		hdr1, body1        string
		hdr2, body2        string
		epilogue, preamble string
	}
	cd := func(params string) string { return "Content-Disposition: form-data; " + params }
	seeds := []seed{
		{"XyZ", "sendPhoto", cd(`name="chat_id"`), "1", cd(`name="photo"; filename="a.jpg"`) + "\r\nContent-Type: image/jpeg", "JPEG", "", ""},
		{"a'()+_,-./:=? b", "sendPhoto", cd(`name=chat_id`), "@chan", cd(`name=photo; filename*=UTF-8''%C3%A9.png`), strings.Repeat("P", 3000), "", "preamble\r\n"},
		{strings.Repeat("b", 70), "sendMediaGroup", cd(`name="chat_id"`), "-100", cd(`name="media"`), `[{"type":"photo","media":"attach://x"},{"type":"photo","media":"attach://x"}]`, "trailing", ""},
		{"B", "sendPhoto", cd(`name="photo"; filename=""`) + "\r\nX-Long: " + strings.Repeat("h", 5000), "data", cd(`name="chat_id"`), "1", "", ""},
		{"--", "sendPhoto", "Content-Type: text/plain", "no disposition", cd(`name="chat_id"; name="x"`), "1", "", ""},
		{"x", "sendPhoto", cd(`name="chat_id"`), "1\r\n--x\r\n", cd(`name="photo"; filename="\"q\".jpg"`), "\x00\xff", "", ""},
		{"bnd", "sendPhoto", "content-disposition: FORM-DATA; NAME=chat_id", "2", cd(`name="photo"; filename="big"`), strings.Repeat("Z", 10<<10), "", ""},
		// Deeper: uploads named by attach:// in JSON, quoted-printable
		// contents, folded and repeated header lines, bad bytes in names.
		{"m", "sendMediaGroup", cd(`name="media"`), `{"chat_id":1}`, cd(`name="p"; filename="a.jpg"`) + "\r\nContent-Transfer-Encoding: quoted-printable", "=41=4=\r\n2", "", ""},
		{"m", "sendMediaGroup", cd(`name="chat_id"`) + "\r\nX-A: 1\r\nX-A: 2\r\n folded", "7", cd(`name="media"`), `[{"type":"photo","media":"attach://m"},{"type":"video","media":"attach://m","thumb":"attach://chat_id"}]`, "", ""},
		{"b", "sendPhoto", cd("name=\"chat\xffid\""), "1", cd("name=\"photo\"; filename=\"\xfe.jpg\""), "x", "", ""},
		{"b", "sendDocument", cd(`name="chat_id"`), "@c", cd(`name="document"; filename*=UTF-8''%E2%9C%93.txt`) + strings.Repeat("\r\nX: y", 30), "", "", ""},
	}
	for _, s := range seeds {
		f.Add(s.boundary, s.method, s.hdr1, s.body1, s.hdr2, s.body2, s.epilogue, s.preamble)
	}
	dir := f.TempDir()
	h := botapiserver.NewServer(newRecorder(), botapiserver.WithMaxBodySize(4<<10), botapiserver.WithMaxUploadSize(8<<10),
		botapiserver.WithMaxMultipartMemory(1<<10), botapiserver.WithMaxMultipartMemoryTotal(2<<10), botapiserver.WithTempDir(dir))
	f.Fuzz(func(t *testing.T, boundary, method, hdr1, body1, hdr2, body2, epilogue, preamble string) {
		var b bytes.Buffer
		b.WriteString(preamble)
		for _, p := range [][2]string{{hdr1, body1}, {hdr2, body2}} {
			b.WriteString("--" + boundary + "\r\n" + p[0] + "\r\n\r\n" + p[1] + "\r\n")
		}
		b.WriteString("--" + boundary + "--\r\n" + epilogue)
		ct := mime.FormatMediaType("multipart/form-data", map[string]string{"boundary": boundary})
		if ct == "" {
			ct = "multipart/form-data; boundary=" + boundary
		}
		req, err := http.NewRequest("POST", "http://example.invalid/", bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Skip()
		}
		req.URL.Path = "/bot" + token + "/" + method
		req.Header.Set("Content-Type", ct)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var env struct {
			OK        *bool  `json:"ok"`
			ErrorCode int    `json:"error_code"`
			Desc      string `json:"description"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.OK == nil {
			t.Fatalf("bad envelope (%v): %s", err, rec.Body.String())
		}
		if *env.OK != (rec.Code == 200) || !*env.OK && (env.ErrorCode != rec.Code || env.Desc == "") {
			t.Fatalf("status %d with %s", rec.Code, rec.Body.String())
		}
		switch rec.Code {
		case 200, 400, 404, 413:
		default:
			t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
		}
		if rec.Code == 200 && int64(b.Len()) > 4<<10+8<<10+64<<10 {
			t.Fatalf("accepted a %d-byte body beyond the limits", b.Len())
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Fatalf("temporary files left: %v", left)
		}
	})
}
