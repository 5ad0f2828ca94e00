package client

// An independent fake of the service, written by hand from
// spec/bot-api-5.0.md (Common request rules, Errors, Files): it shares no
// code with the generated package and parses requests with encoding/json
// and mime/multipart only.

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
)

type fakeService struct {
	mu      sync.Mutex
	token   string
	nextMsg int
	updates []map[string]any // pending, with update_id
	files   map[string][]byte
	sent    []map[string]any
}

func (f *fakeService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if rest, ok := strings.CutPrefix(r.URL.Path, "/file/bot"+f.token+"/"); ok {
		data, ok := f.files[rest]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(data)
		return
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/bot")
	tok, method, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 {
		f.fail(w, 404, "Not Found", nil)
		return
	}
	if tok != f.token {
		f.fail(w, 401, "Unauthorized", nil)
		return
	}
	params, files, err := readParams(r)
	if err != nil {
		f.fail(w, 400, "Bad Request: "+err.Error(), nil)
		return
	}
	switch strings.ToLower(method) { // method names are case-insensitive
	case "getme":
		f.ok(w, map[string]any{"id": 1, "is_bot": true, "first_name": "fake"})
	case "sendmessage":
		text, _ := params["text"].(string)
		if text == "" {
			f.fail(w, 400, "Bad Request: message text is empty", nil)
			return
		}
		if text == "flood" {
			f.fail(w, 429, "Too Many Requests: retry after 7", map[string]any{"retry_after": 7})
			return
		}
		f.ok(w, f.message(params, map[string]any{"text": text}))
	case "sendphoto":
		photo, err := f.file(params, files, "photo")
		if err != nil {
			f.fail(w, 400, "Bad Request: "+err.Error(), nil)
			return
		}
		f.ok(w, f.message(params, map[string]any{"photo": []any{map[string]any{"file_id": photo, "file_unique_id": "u", "width": 1, "height": 1}}}))
	case "sendmediagroup":
		var media []map[string]any
		if err := json.Unmarshal([]byte(asString(params["media"])), &media); err != nil {
			f.fail(w, 400, "Bad Request: media: "+err.Error(), nil)
			return
		}
		var out []any
		for _, m := range media {
			id, err := f.file(map[string]any{"media": m["media"]}, files, "media")
			if err != nil {
				f.fail(w, 400, "Bad Request: "+err.Error(), nil)
				return
			}
			out = append(out, f.message(params, map[string]any{"caption": id}))
		}
		f.ok(w, out)
	case "getupdates":
		offset, _ := strconv.Atoi(asString(params["offset"]))
		var keep, out []map[string]any
		for _, u := range f.updates {
			if int(u["update_id"].(float64)) >= offset {
				keep = append(keep, u)
				out = append(out, u)
			}
		}
		f.updates = keep // confirmed updates are forgotten
		if out == nil {
			out = []map[string]any{}
		}
		f.ok(w, out)
	case "getfile":
		id := asString(params["file_id"])
		if _, ok := f.files[id]; !ok {
			f.fail(w, 400, "Bad Request: invalid file_id", nil)
			return
		}
		f.ok(w, map[string]any{"file_id": id, "file_unique_id": "u" + id, "file_size": len(f.files[id]), "file_path": id})
	default:
		f.fail(w, 404, "Not Found: method not found", nil)
	}
}

func asString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case nil:
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// readParams reads parameters from the query, a urlencoded or JSON body, or
// a multipart body (files separately), per Common request rule 3.
func readParams(r *http.Request) (map[string]any, map[string][]byte, error) {
	params := map[string]any{}
	for k, v := range r.URL.Query() {
		params[k] = v[0]
	}
	files := map[string][]byte{}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch mt {
	case "", "application/x-www-form-urlencoded":
		if err := r.ParseForm(); err != nil {
			return nil, nil, err
		}
		for k, v := range r.PostForm {
			params[k] = v[0]
		}
	case "application/json":
		if err := json.NewDecoder(r.Body).Decode(&params); err != nil {
			return nil, nil, err
		}
	case "multipart/form-data":
		mr, err := r.MultipartReader()
		if err != nil {
			return nil, nil, err
		}
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, nil, err
			}
			data, _ := io.ReadAll(p)
			if p.FileName() != "" {
				files[p.FormName()] = data
			} else {
				params[p.FormName()] = string(data)
			}
		}
	default:
		return nil, nil, errors.New("unsupported content type " + mt)
	}
	return params, files, nil
}

// file resolves a file parameter: an uploaded part under the parameter's
// name, "attach://<part>", or a file_id the service knows.
func (f *fakeService) file(params map[string]any, files map[string][]byte, name string) (string, error) {
	if data, ok := files[name]; ok {
		return f.store(data), nil
	}
	s := asString(params[name])
	if part, ok := strings.CutPrefix(s, "attach://"); ok {
		data, ok := files[part]
		if !ok {
			return "", errors.New("no part " + part)
		}
		return f.store(data), nil
	}
	if _, ok := f.files[s]; !ok {
		return "", errors.New("wrong file identifier " + strconv.Quote(s))
	}
	return s, nil
}

func (f *fakeService) store(data []byte) string {
	id := "F" + strconv.Itoa(len(f.files))
	f.files[id] = data
	return id
}

func (f *fakeService) message(params map[string]any, extra map[string]any) map[string]any {
	f.nextMsg++
	chatID, _ := strconv.ParseInt(asString(params["chat_id"]), 10, 64)
	m := map[string]any{"message_id": f.nextMsg, "date": 1600000000, "chat": map[string]any{"id": chatID, "type": "private"}}
	for k, v := range extra {
		m[k] = v
	}
	f.sent = append(f.sent, m)
	return m
}

func (f *fakeService) ok(w http.ResponseWriter, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"ok": true, "result": result})
}

func (f *fakeService) fail(w http.ResponseWriter, code int, desc string, params map[string]any) {
	body := map[string]any{"ok": false, "error_code": code, "description": desc}
	if params != nil {
		body["parameters"] = params
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(body)
}

func TestInteropFakeService(t *testing.T) {
	fs := &fakeService{token: token, files: map[string][]byte{}}
	for i := 1; i <= 5; i++ {
		fs.updates = append(fs.updates, map[string]any{"update_id": float64(100 + i), "message": map[string]any{"message_id": i, "date": 1, "chat": map[string]any{"id": 5, "type": "private"}, "text": "u" + strconv.Itoa(i)}})
	}
	srv := httptest.NewServer(fs)
	defer srv.Close()
	ctx := context.Background()
	c := botapi.NewClient(token, botapi.WithBaseURL(srv.URL+"/"))

	me, err := c.GetMe(ctx)
	if err != nil || me.FirstName != "fake" || !me.IsBot {
		t.Fatalf("getMe: %+v %v", me, err)
	}
	m, err := c.SendMessage(ctx, &botapi.SendMessageParams{ChatID: chat(5), Text: "hello"})
	if err != nil || m.Chat.ID != 5 || m.Text.Or("") != "hello" {
		t.Fatalf("sendMessage: %+v %v", m, err)
	}
	_, err = c.SendMessage(ctx, &botapi.SendMessageParams{ChatID: chat(5), Text: "flood"})
	var ae *botapi.Error
	if !errors.As(err, &ae) || ae.Code != 429 || ae.RetryAfter != 7 {
		t.Fatalf("flood: %v", err)
	}
	bad := botapi.NewClient("000:wrong", botapi.WithBaseURL(srv.URL))
	if _, err := bad.GetMe(ctx); !errors.As(err, &ae) || ae.Code != 401 || strings.Contains(err.Error(), "000:wrong") {
		t.Fatalf("wrong token: %v", err)
	}

	// Upload, then reuse the file_id, then download it.
	pm, err := c.SendPhoto(ctx, &botapi.SendPhotoParams{ChatID: chat(5), Photo: botapi.Upload("cat.png", strings.NewReader("CATPNG"))})
	if err != nil || len(pm.Photo) != 1 {
		t.Fatalf("sendPhoto: %+v %v", pm, err)
	}
	id := pm.Photo[0].FileID
	if _, err := c.SendPhoto(ctx, &botapi.SendPhotoParams{ChatID: chat(5), Photo: botapi.FileID(id)}); err != nil {
		t.Fatalf("sendPhoto by id: %v", err)
	}
	group, err := c.SendMediaGroup(ctx, &botapi.SendMediaGroupParams{ChatID: chat(5), Media: []botapi.InputMedia{
		&botapi.InputMediaPhoto{Media: botapi.FileID(id)},
		&botapi.InputMediaPhoto{Media: botapi.Upload("dog.png", strings.NewReader("DOGPNG"))},
	}})
	if err != nil || len(group) != 2 {
		t.Fatalf("sendMediaGroup: %v", err)
	}
	f, err := c.GetFile(ctx, &botapi.GetFileParams{FileID: group[1].Caption.Or("")})
	if err != nil {
		t.Fatalf("getFile: %v", err)
	}
	rc, err := c.DownloadFile(ctx, f.FilePath.Or(""))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(rc)
	rc.Close()
	if string(data) != "DOGPNG" {
		t.Errorf("downloaded %q", data)
	}

	// Long polling confirms updates through offsets: the fake forgets them.
	var texts []string
	ctx2, cancel := context.WithCancel(ctx)
	for u, err := range c.Updates(ctx2, &botapi.GetUpdatesParams{Limit: botapi.Some(2)}) {
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, u.Message.Text.Or(""))
		if len(texts) == 5 {
			cancel()
		}
	}
	cancel()
	if strings.Join(texts, ",") != "u1,u2,u3,u4,u5" {
		t.Errorf("updates %v", texts)
	}
	if _, err := c.GetUpdates(ctx, &botapi.GetUpdatesParams{Offset: botapi.Some[int64](106)}); err != nil || len(fs.updates) != 0 {
		t.Errorf("not confirmed: %v %d left", err, len(fs.updates))
	}
}
