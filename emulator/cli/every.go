package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
)

// callEveryMethod calls every method of the version through the version's
// generated client (its own validation on), each with a bot of its own in
// a supergroup holding the things a method may name: a user and a member,
// a text message, a captioned photo, a live location, a poll, a message
// with a button the user has pressed. Parameters are the minimal valid
// ones built from the schema (emulator.MinimalParams), with the held
// things in place of the synthesized chat_id, user_id, message_id,
// file_id and callback_query_id; a method that answers an error is tried
// again with the next held user and message (an edit of a caption needs
// the photo). Each method's line says what it answered: "typed" (a result
// of its Go type), "state" (an API error about the held things, printed),
// or "FAIL" (not served: 404, 5xx, or an answer the client could not
// decode), which makes the run fail.
func callEveryMethod(ctx context.Context, emu *emulator.Emulator, base string, s *schema.Schema, at *At, out io.Writer) error {
	if at == nil {
		seed, err := loader.Load(loader.Input{})
		if err != nil {
			return err
		}
		s, at = seed, &At{
			NewClient: func(base, token string) any { return botapi.NewClient(token, botapi.WithBaseURL(base)) },
			Upload:    func(name string, r io.Reader) any { return botapi.Upload(name, r) },
		}
	}
	typed, state, failed := 0, 0, 0
	for i, m := range s.Methods {
		token := fmt.Sprintf("%d:every-method", 7_000_000+i)
		h, err := hold(ctx, emu, base, token, i)
		if err != nil {
			return fmt.Errorf("%s: preparing the held things: %w", m.Name, err)
		}
		client := reflect.ValueOf(at.NewClient(base, token))
		call := methodByName(client, m.Name)
		if !call.IsValid() {
			fmt.Fprintf(out, "FAIL %s: the generated client has no such method\n", m.Name)
			failed++
			continue
		}
		var verdict, detail string
		for attempt := range 5 {
			args := []reflect.Value{reflect.ValueOf(ctx)}
			if call.Type().NumIn() == 2 {
				mp := h.params(emulator.MinimalParams(s, m.Name), attempt)
				if attempt > 0 {
					fuller(s, m, mp)
				}
				p, err := params(s, m, call.Type().In(1), mp, at)
				if err != nil {
					verdict, detail = "FAIL", err.Error()
					break
				}
				args = append(args, p)
			}
			res := call.Call(args)
			err, _ := res[len(res)-1].Interface().(error)
			verdict, detail = classify(err)
			if verdict != "state" {
				break
			}
		}
		switch verdict {
		case "typed":
			typed++
			fmt.Fprintf(out, "typed %s\n", m.Name)
		case "state":
			state++
			fmt.Fprintf(out, "state %s: %s\n", m.Name, detail)
		default:
			failed++
			fmt.Fprintf(out, "FAIL %s: %s\n", m.Name, detail)
		}
	}
	fmt.Fprintf(out, "%d methods: %d typed results, %d errors about the held things, %d not served\n", len(s.Methods), typed, state, failed)
	if failed > 0 {
		return fmt.Errorf("%d methods not served", failed)
	}
	return nil
}

// fuller gives an empty array parameter two elements: the service's
// limits may ask for more than the version's schema states (a count the
// reader did not read from the document).
func fuller(s *schema.Schema, m *schema.Method, p map[string]any) {
	for _, f := range m.Params {
		if a, ok := p[f.Name].([]any); ok && len(a) == 0 && f.Type.IsArray() {
			e := emulator.MinimalValue(s, *f.Type.Elem)
			p[f.Name] = []any{e, e}
		}
	}
}

// classify reads a call's error: none is a typed result; an API error
// (the client's Error type, with a Code) under 500 other than 404 is
// about the state; anything else was not served.
func classify(err error) (verdict, detail string) {
	if err == nil {
		return "typed", ""
	}
	v := reflect.ValueOf(err)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct {
		if c := v.FieldByName("Code"); c.IsValid() && c.CanInt() {
			if code := c.Int(); code != 404 && code < 500 {
				return "state", err.Error()
			}
		}
	}
	return "FAIL", err.Error()
}

// methodByName is the client's method for an API method, matched as the
// server routes (case-insensitively).
func methodByName(client reflect.Value, name string) reflect.Value {
	t := client.Type()
	for i := range t.NumMethod() {
		if strings.EqualFold(t.Method(i).Name, name) {
			return client.Method(i)
		}
	}
	return reflect.Value{}
}

// params decodes the JSON parameters into a new *P (typ); a parameter
// that may carry an upload becomes an upload of a small PNG.
func params(s *schema.Schema, m *schema.Method, typ reflect.Type, p map[string]any, at *At) (reflect.Value, error) {
	uploads := map[string]bool{}
	for _, f := range m.Params {
		if _, given := p[f.Name]; given && !f.Type.IsArray() && s.FieldCanUpload(f) {
			uploads[f.Name] = true
		}
	}
	b, err := json.Marshal(p)
	if err != nil {
		return reflect.Value{}, err
	}
	v := reflect.New(typ.Elem())
	if err := json.Unmarshal(b, v.Interface()); err != nil {
		return reflect.Value{}, fmt.Errorf("params %s: %w", b, err)
	}
	for i := range typ.Elem().NumField() {
		f := typ.Elem().Field(i)
		if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); uploads[name] {
			if up := reflect.ValueOf(at.Upload(name+".png", bytes.NewReader(smallPNG()))); up.Type().AssignableTo(f.Type) {
				v.Elem().Field(i).Set(up)
			}
		}
	}
	return v, nil
}

// held are the things one method's bot may name.
type held struct {
	chat     int64
	users    []int64 // a member, the creator, an administrator the bot promoted
	messages []int64 // text, photo, live location, poll, button
	fileID   string
	query    string
}

// params puts the held things into the minimal parameters, the
// attempt'th user and message.
func (h held) params(p map[string]any, attempt int) map[string]any {
	for k := range p {
		switch k {
		case "chat_id", "from_chat_id":
			p[k] = h.chat
		case "user_id":
			p[k] = h.users[attempt%len(h.users)]
		case "message_id":
			p[k] = h.messages[attempt%len(h.messages)]
		case "message_ids":
			p[k] = []int64{h.messages[attempt%len(h.messages)]}
		case "file_id":
			p[k] = h.fileID
		case "callback_query_id":
			p[k] = h.query
		default:
			h.files(p[k])
		}
	}
	return p
}

// files puts the held file into the "media" strings of the objects in v
// (InputMedia).
func (h held) files(v any) {
	switch x := v.(type) {
	case map[string]any:
		if _, ok := x["media"].(string); ok {
			x["media"] = h.fileID
		}
		for _, e := range x {
			h.files(e)
		}
	case []any:
		for _, e := range x {
			h.files(e)
		}
	}
}

// hold makes the bot of token, its supergroup, users and messages.
func hold(ctx context.Context, emu *emulator.Emulator, base, token string, i int) (held, error) {
	me, err := emu.AddBot(token)
	if err != nil {
		return held{}, err
	}
	owner := emu.NewUser("Owner", "owner"+strconv.Itoa(i))
	member := emu.NewUser("Member", "member"+strconv.Itoa(i))
	g, err := emu.NewChat(botapi.ChatTypeSupergroup, "Every method", "", owner.ID)
	if err != nil {
		return held{}, err
	}
	yes := botapi.Some(true)
	if err := emu.SetMember(g.ID, me.ID, botapi.ChatMember{Status: botapi.ChatMemberStatusAdministrator,
		CanChangeInfo: yes, CanPostMessages: yes, CanEditMessages: yes, CanDeleteMessages: yes, CanInviteUsers: yes,
		CanRestrictMembers: yes, CanPinMessages: yes, CanPromoteMembers: yes}); err != nil {
		return held{}, err
	}
	admin := emu.NewUser("Admin", "admin"+strconv.Itoa(i))
	for _, u := range []int64{member.ID, admin.ID} {
		if err := emu.Join(g.ID, u); err != nil {
			return held{}, err
		}
	}
	h := held{chat: g.ID, users: []int64{member.ID, owner.ID, admin.ID}}
	send := func(method string, p map[string]any) (map[string]any, error) {
		p["chat_id"] = g.ID
		b, _ := json.Marshal(p)
		return post(ctx, base, token, method, "application/json", b)
	}
	if _, err := send("promoteChatMember", map[string]any{"user_id": admin.ID, "can_pin_messages": true}); err != nil {
		return held{}, err
	}
	if _, err := send("setChatDescription", map[string]any{"description": "held description"}); err != nil {
		return held{}, err
	}
	text, err := send("sendMessage", map[string]any{"text": "held text"})
	if err != nil {
		return held{}, err
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("chat_id", strconv.FormatInt(g.ID, 10))
	mw.WriteField("caption", "held caption")
	fw, _ := mw.CreateFormFile("photo", "held.png")
	fw.Write(smallPNG())
	mw.Close()
	photo, err := post(ctx, base, token, "sendPhoto", mw.FormDataContentType(), body.Bytes())
	if err != nil {
		return held{}, err
	}
	body.Reset()
	mw = multipart.NewWriter(&body)
	mw.WriteField("chat_id", strconv.FormatInt(g.ID, 10))
	fw, _ = mw.CreateFormFile("photo", "chat.png")
	fw.Write(smallPNG())
	mw.Close()
	if _, err := post(ctx, base, token, "setChatPhoto", mw.FormDataContentType(), body.Bytes()); err != nil {
		return held{}, err
	}
	live, err := send("sendLocation", map[string]any{"latitude": 2, "longitude": 2, "live_period": 600})
	if err != nil {
		return held{}, err
	}
	poll, err := send("sendPoll", map[string]any{"question": "held?", "options": []string{"yes", "no"}})
	if err != nil {
		return held{}, err
	}
	button, err := send("sendMessage", map[string]any{"text": "held button",
		"reply_markup": map[string]any{"inline_keyboard": [][]map[string]any{{{"text": "press", "callback_data": "d"}}}}})
	if err != nil {
		return held{}, err
	}
	for _, m := range []map[string]any{text, photo, live, poll, button} {
		id, _ := m["message_id"].(json.Number).Int64()
		h.messages = append(h.messages, id)
	}
	if _, err := send("pinChatMessage", map[string]any{"message_id": h.messages[0], "disable_notification": true}); err != nil {
		return held{}, err
	}
	if ps, _ := photo["photo"].([]any); len(ps) > 0 {
		h.fileID, _ = ps[0].(map[string]any)["file_id"].(string)
	}
	h.query, err = emu.Press(owner.ID, emulator.InChat(g.ID), h.messages[4], "d")
	return h, err
}

// post calls a method with a raw body and returns its result object.
func post(ctx context.Context, base, token, method, ct string, body []byte) (map[string]any, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/bot"+token+"/"+method, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", ct)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var a struct {
		OK          bool   `json:"ok"`
		Result      any    `json:"result"`
		Description string `json:"description"`
	}
	d := json.NewDecoder(resp.Body)
	d.UseNumber()
	if err := d.Decode(&a); err != nil {
		return nil, fmt.Errorf("%s: %w", method, err)
	}
	if !a.OK {
		return nil, fmt.Errorf("%s: %s", method, a.Description)
	}
	m, _ := a.Result.(map[string]any)
	return m, nil
}

// smallPNG is an 8x8 PNG image.
func smallPNG() []byte {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 8, 8)))
	return b.Bytes()
}
