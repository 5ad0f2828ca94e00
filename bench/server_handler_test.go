package bench

// Throughput of the generated server (botapiserver.NewServer) for sendMessage sent
// as JSON, as a urlencoded form and as multipart with a small file
// (sendDocument), against a bare net/http handler that reads the body and
// writes a constant response of the same size: the floor any handler pays.
// Two settings: in process (ServeHTTP called directly: handler cost only)
// and over loopback TCP with a keep-alive client (what a deployment sees).
//
//	go test -run '^$' -bench 'ServerHandler' -benchmem

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

const serverBenchToken = "123456789:AAEexampleexampleexampleexample0001"

type serverBenchSvc struct{ botapiserver.Unimplemented }

var serverBenchMsg = botapi.Message{MessageID: 4711, Date: 1700000000,
	From: &botapi.User{ID: 5012345678, IsBot: true, FirstName: "Helper Bot", Username: botapi.Some("helper_bot")},
	Chat: botapi.Chat{ID: -1001234567890, Type: botapi.ChatTypeSupergroup, Title: botapi.Some("Group")}}

func (serverBenchSvc) SendMessage(ctx context.Context, p *botapi.SendMessageParams) (*botapi.Message, error) {
	m := serverBenchMsg
	m.Text = botapi.Some(p.Text)
	return &m, nil
}

func (serverBenchSvc) SendDocument(ctx context.Context, p *botapi.SendDocumentParams) (*botapi.Message, error) {
	n, _ := io.Copy(io.Discard, p.Document.Reader())
	m := serverBenchMsg
	m.Caption = botapi.Some(strings.Repeat("x", int(n%2)))
	return &m, nil
}

const serverBenchKeyboard = `{"inline_keyboard":[[{"text":"Yes","callback_data":"vote:yes"},{"text":"No","callback_data":"vote:no"}]]}`

type serverBenchCase struct {
	name, method, ct string
	body             []byte
}

func serverBenchCases() []serverBenchCase {
	form := url.Values{"chat_id": {"-1001234567890"}, "text": {"Hello, *world*\\! Please vote\\."}, "parse_mode": {"MarkdownV2"},
		"disable_notification": {"true"}, "reply_markup": {serverBenchKeyboard}}.Encode()
	var mp bytes.Buffer
	b := "bench-boundary-1234567890"
	mp.WriteString("--" + b + "\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n-1001234567890\r\n")
	mp.WriteString("--" + b + "\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nreport\r\n")
	mp.WriteString("--" + b + "\r\nContent-Disposition: form-data; name=\"document\"; filename=\"report.txt\"\r\nContent-Type: text/plain\r\n\r\n")
	mp.WriteString(strings.Repeat("0123456789abcdef", 256) + "\r\n--" + b + "--\r\n") // 4 KiB file
	return []serverBenchCase{
		{"json", "sendMessage", "application/json", []byte(`{"chat_id":-1001234567890,"text":"Hello, *world*\\! Please vote\\.","parse_mode":"MarkdownV2","disable_notification":true,"reply_markup":` + serverBenchKeyboard + `}`)},
		{"urlencoded", "sendMessage", "application/x-www-form-urlencoded", []byte(form)},
		{"multipart", "sendDocument", "multipart/form-data; boundary=" + b, mp.Bytes()},
	}
}

// serverBaseline reads the body and writes a constant response.
func serverBaseline(resp []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Write(resp)
	})
}

// serverDiscardWriter is a reusable ResponseWriter.
type serverDiscardWriter struct {
	h    http.Header
	code int
	n    int
}

func (w *serverDiscardWriter) Header() http.Header         { return w.h }
func (w *serverDiscardWriter) WriteHeader(code int)        { w.code = code }
func (w *serverDiscardWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

func serverResponse(h http.Handler, c serverBenchCase) []byte {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/bot"+serverBenchToken+"/"+c.method, bytes.NewReader(c.body))
	req.Header.Set("Content-Type", c.ct)
	h.ServeHTTP(rec, req)
	if rec.Code != 200 {
		panic(rec.Body.String())
	}
	return rec.Body.Bytes()
}

func BenchmarkServerHandler(b *testing.B) {
	gen := botapiserver.NewServer(serverBenchSvc{}, botapiserver.WithTokens(serverBenchToken))
	for _, c := range serverBenchCases() {
		resp := serverResponse(gen, c)
		for _, h := range []struct {
			name string
			h    http.Handler
		}{{"baseline", serverBaseline(resp)}, {"generated", gen}} {
			b.Run(c.name+"/inprocess/"+h.name, func(b *testing.B) {
				body := bytes.NewReader(c.body)
				req := httptest.NewRequest("POST", "/bot"+serverBenchToken+"/"+c.method, body)
				req.Header.Set("Content-Type", c.ct)
				w := &serverDiscardWriter{h: http.Header{}}
				b.SetBytes(int64(len(c.body)))
				b.ReportAllocs()
				for b.Loop() {
					body.Reset(c.body)
					req.Body = io.NopCloser(body)
					clear(w.h)
					w.code, w.n = 0, 0
					h.h.ServeHTTP(w, req)
				}
				if w.n != len(resp) {
					b.Fatalf("response of %d bytes, want %d", w.n, len(resp))
				}
			})
			b.Run(c.name+"/loopback/"+h.name, func(b *testing.B) {
				srv := httptest.NewServer(h.h)
				defer srv.Close()
				client := srv.Client()
				target := srv.URL + "/bot" + serverBenchToken + "/" + c.method
				b.SetBytes(int64(len(c.body)))
				b.ReportAllocs()
				for b.Loop() {
					res, err := client.Post(target, c.ct, bytes.NewReader(c.body))
					if err != nil {
						b.Fatal(err)
					}
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != 200 {
						b.Fatal(res.Status)
					}
				}
			})
		}
	}
}

func (serverBenchSvc) SendPhoto(ctx context.Context, p *botapi.SendPhotoParams) (*botapi.Message, error) {
	n, _ := io.Copy(io.Discard, p.Photo.Reader())
	m := serverBenchMsg
	m.Caption = botapi.Some(strings.Repeat("x", int(n%2)))
	return &m, nil
}

// serverUploadBody is a multipart sendPhoto body with a file of size bytes.
func serverUploadBody(size int) (ct string, body []byte) {
	var mp bytes.Buffer
	b := "bench-boundary-1234567890"
	mp.WriteString("--" + b + "\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n-1001234567890\r\n")
	mp.WriteString("--" + b + "\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"photo.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n")
	chunk := bytes.Repeat([]byte{0xff, 0xd8, 0x00, 0x10, 'J', 'F', 'I', 'F'}, 512)
	for mp.Len() < size {
		mp.Write(chunk)
	}
	mp.Truncate(size) // the headers count too: close enough for a benchmark
	mp.WriteString("\r\n--" + b + "--\r\n")
	return "multipart/form-data; boundary=" + b, mp.Bytes()
}

// BenchmarkServerUpload sends a multipart sendPhoto with a 64 KiB, 1 MiB
// and 4 MiB file to the generated server and to a bare handler that reads
// the body and writes a constant response: B/op shows whether the bytes
// allocated per request grow with the file size.
//
//	go test -run '^$' -bench 'ServerUpload' -benchmem
func BenchmarkServerUpload(b *testing.B) {
	gen := botapiserver.NewServer(serverBenchSvc{}, botapiserver.WithTokens(serverBenchToken))
	for _, size := range []struct {
		name string
		n    int
	}{{"64KiB", 64 << 10}, {"1MiB", 1 << 20}, {"4MiB", 4 << 20}} {
		ct, body := serverUploadBody(size.n)
		c := serverBenchCase{"upload", "sendPhoto", ct, body}
		resp := serverResponse(gen, c)
		for _, h := range []struct {
			name string
			h    http.Handler
		}{{"baseline", serverBaseline(resp)}, {"generated", gen}} {
			b.Run(size.name+"/inprocess/"+h.name, func(b *testing.B) {
				rd := bytes.NewReader(body)
				req := httptest.NewRequest("POST", "/bot"+serverBenchToken+"/sendPhoto", rd)
				req.Header.Set("Content-Type", ct)
				w := &serverDiscardWriter{h: http.Header{}}
				b.SetBytes(int64(len(body)))
				b.ReportAllocs()
				for b.Loop() {
					rd.Reset(body)
					req.Body = io.NopCloser(rd)
					clear(w.h)
					w.code, w.n = 0, 0
					h.h.ServeHTTP(w, req)
				}
				if w.n != len(resp) {
					b.Fatalf("response of %d bytes, want %d", w.n, len(resp))
				}
			})
			b.Run(size.name+"/loopback/"+h.name, func(b *testing.B) {
				srv := httptest.NewServer(h.h)
				defer srv.Close()
				client := srv.Client()
				target := srv.URL + "/bot" + serverBenchToken + "/sendPhoto"
				b.SetBytes(int64(len(body)))
				b.ReportAllocs()
				for b.Loop() {
					res, err := client.Post(target, ct, bytes.NewReader(body))
					if err != nil {
						b.Fatal(err)
					}
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != 200 {
						b.Fatal(res.Status)
					}
				}
			})
		}
	}
}
