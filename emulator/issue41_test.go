package emulator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/apigen/apigen/emulator"
	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
)

// Issue 41: the methods of a newer version act on what the emulator
// holds. These tests serve the newest shared page's schema with a
// stand-in for its strict front (no build): what they check is the
// front's state, not the version's validation.

// newestPage is the newest published page beside the checkout.
const newestPage = "bot-api-9.0.html.gz"

var newestSchema = sync.OnceValues(func() (*schema.Schema, error) {
	page := filepath.Join("..", "..", "shared", "spec", "published", newestPage)
	if _, err := os.Stat(page); err != nil {
		return nil, err
	}
	return loader.Load(loader.Input{SpecPath: page})
})

// atNewest is an env serving the newest page's version (skipped without
// the page), the user having started the bot. strict stands for the
// version's strict front (nil: accepts every method of the page).
func atNewest(t *testing.T, strict func(s *schema.Schema) emulator.Caller) *env {
	t.Helper()
	s, err := newestSchema()
	if err != nil {
		t.Skipf("the published page %s is absent (it lives beside the checkout, in ../shared): %v", newestPage, err)
	}
	if strict == nil {
		strict = acceptAll
	}
	v := newEnv(t, emulator.Config{Version: &emulator.Version{Schema: s,
		Service: reflect.TypeOf((*botapiserver.Service)(nil)).Elem(), Strict: strict(s)}})
	v.start()
	return v
}

// reply is an API answer.
type reply struct {
	Status      int
	OK          bool            `json:"ok"`
	Result      json.RawMessage `json:"result"`
	Description string          `json:"description"`
	Placeholder string
}

func (r reply) value() any {
	var x any
	json.Unmarshal(r.Result, &x)
	return x
}

// post sends params as JSON (or a multipart body when files are given:
// part name to content).
func post(t *testing.T, v *env, method string, params map[string]any, files map[string][]byte) reply {
	t.Helper()
	var body bytes.Buffer
	ct := "application/json"
	if files == nil {
		json.NewEncoder(&body).Encode(params)
	} else {
		mw := multipart.NewWriter(&body)
		for k, x := range params {
			s, isString := x.(string)
			if !isString {
				b, _ := json.Marshal(x)
				s = string(b)
			}
			mw.WriteField(k, s)
		}
		for k, b := range files {
			fw, _ := mw.CreateFormFile(k, k+".webp")
			fw.Write(b)
		}
		mw.Close()
		ct = mw.FormDataContentType()
	}
	resp, err := http.Post(v.srv.URL+"/bot"+token+"/"+method, ct, &body)
	ok(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	r := reply{Status: resp.StatusCode, Placeholder: resp.Header.Get(emulator.PlaceholderHeader)}
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("%s: %d %s", method, resp.StatusCode, b)
	}
	return r
}

// must is post, failing on an error answer or a placeholder.
func must(t *testing.T, v *env, method string, params map[string]any) any {
	t.Helper()
	r := post(t, v, method, params, nil)
	if !r.OK {
		t.Fatalf("%s %v: %d %s", method, params, r.Status, r.Description)
	}
	if r.Placeholder != "" {
		t.Fatalf("%s answered a placeholder (%s): %s", method, r.Placeholder, r.Result)
	}
	return r.value()
}

func num(x any) int64 {
	f, _ := x.(float64)
	return int64(f)
}

// N4: copyMessages and forwardMessages answered [], deleteMessages true
// and the message could still be edited.
func TestN4BulkMethodsActPerID(t *testing.T) {
	v := atNewest(t, nil)
	chat := v.user.ID
	a := must(t, v, "sendMessage", map[string]any{"chat_id": chat, "text": "one"})
	b := must(t, v, "sendMessage", map[string]any{"chat_id": chat, "text": "two"})
	ids := []any{num(at(a, "message_id")), num(at(b, "message_id"))}
	copied, _ := must(t, v, "copyMessages", map[string]any{"chat_id": chat, "from_chat_id": chat, "message_ids": ids}).([]any)
	if len(copied) != 2 || num(at(copied[0], "message_id")) <= ids[1].(int64) || num(at(copied[1], "message_id")) <= num(at(copied[0], "message_id")) {
		t.Fatalf("copyMessages = %v, want two new ids in order", copied)
	}
	got, _ := v.emu.Message(v.user.ID, emulator.Private(v.me.ID), num(at(copied[1], "message_id")))
	if got.Text.Value() != "two" {
		t.Errorf("the second copy holds %q, want two", got.Text.Value())
	}
	fwd, _ := must(t, v, "forwardMessages", map[string]any{"chat_id": chat, "from_chat_id": chat, "message_ids": ids}).([]any)
	if len(fwd) != 2 {
		t.Fatalf("forwardMessages = %v", fwd)
	}
	fm, _ := v.emu.Message(v.user.ID, emulator.Private(v.me.ID), num(at(fwd[0], "message_id")))
	if fm.Text.Value() != "one" || !fm.ForwardDate.IsSet() {
		t.Errorf("the first forward: %+v", fm)
	}
	if r := must(t, v, "deleteMessages", map[string]any{"chat_id": chat, "message_ids": ids}); r != true {
		t.Errorf("deleteMessages = %v", r)
	}
	r := post(t, v, "editMessageText", map[string]any{"chat_id": chat, "message_id": ids[0], "text": "edited"}, nil)
	if r.OK || !strings.Contains(r.Description, "not found") {
		t.Errorf("editing a deleted message: %d %s", r.Status, r.Description)
	}
	if _, held := v.emu.Message(v.user.ID, emulator.Private(v.me.ID), ids[1].(int64)); held {
		t.Errorf("the second deleted message is still held")
	}
}

// N3: forwardMessage dropped the origin at a version that has
// forward_origin.
func TestN3ForwardKeepsOriginInVersionShape(t *testing.T) {
	v := atNewest(t, nil)
	m := v.send("from alice")
	f := must(t, v, "forwardMessage", map[string]any{"chat_id": v.user.ID, "from_chat_id": v.user.ID, "message_id": m.MessageID})
	if at(f, "forward_origin", "type") != "user" || num(at(f, "forward_origin", "sender_user", "id")) != v.user.ID || num(at(f, "forward_origin", "date")) != int64(m.Date) {
		t.Errorf("forward_origin = %v, want a user origin naming Alice, dated %d", at(f, "forward_origin"), m.Date)
	}
	if at(f, "forward_from") != nil {
		t.Errorf("forward_from (not a field of the version) in %v", f)
	}
	// The core's forward_from was spread into the version's fields ending
	// in _id: the forward carried message_thread_id = Alice's id.
	if at(f, "message_thread_id") != nil {
		t.Errorf("message_thread_id %v on a forward sent to no thread", at(f, "message_thread_id"))
	}
	// From a channel: the channel origin with the message id.
	ch := v.group(botapi.ChatTypeChannel)
	post1 := must(t, v, "sendMessage", map[string]any{"chat_id": ch.ID, "text": "news"})
	f = must(t, v, "forwardMessage", map[string]any{"chat_id": v.user.ID, "from_chat_id": ch.ID, "message_id": num(at(post1, "message_id"))})
	if o := at(f, "forward_origin"); at(o, "type") != "channel" || num(at(o, "chat", "id")) != ch.ID || num(at(o, "message_id")) != num(at(post1, "message_id")) {
		t.Errorf("forward_origin from a channel = %v", o)
	}
}

// N11: the setters were answered and forgotten.
func TestN11SettersStoreWhatGettersReturn(t *testing.T) {
	v := atNewest(t, nil)
	if r := must(t, v, "getMyName", map[string]any{}); at(r, "name") != "" {
		t.Errorf("getMyName before any set = %v, want an empty name", r)
	}
	must(t, v, "setMyName", map[string]any{"name": "Ann"})
	must(t, v, "setMyName", map[string]any{"name": "Anna", "language_code": "de"})
	if r := must(t, v, "getMyName", map[string]any{}); at(r, "name") != "Ann" {
		t.Errorf("getMyName = %v", r)
	}
	if r := must(t, v, "getMyName", map[string]any{"language_code": "de"}); at(r, "name") != "Anna" {
		t.Errorf("getMyName de = %v", r)
	}
	must(t, v, "setMyDescription", map[string]any{"description": "a bot"})
	if r := must(t, v, "getMyDescription", map[string]any{}); at(r, "description") != "a bot" {
		t.Errorf("getMyDescription = %v", r)
	}
	if r := must(t, v, "getChatMenuButton", map[string]any{}); at(r, "type") != "default" {
		t.Errorf("getChatMenuButton before any set = %v, want the stated default", r)
	}
	must(t, v, "setChatMenuButton", map[string]any{"chat_id": v.user.ID, "menu_button": map[string]any{"type": "commands"}})
	if r := must(t, v, "getChatMenuButton", map[string]any{"chat_id": v.user.ID}); at(r, "type") != "commands" {
		t.Errorf("getChatMenuButton = %v", r)
	}
	if r := must(t, v, "getChatMenuButton", map[string]any{}); at(r, "type") != "default" {
		t.Errorf("another chat's menu button = %v", r)
	}
	if r := must(t, v, "getMyDefaultAdministratorRights", map[string]any{}); at(r, "can_delete_messages") != false {
		t.Errorf("default rights before any set = %v, want none granted", r)
	}
	must(t, v, "setMyDefaultAdministratorRights", map[string]any{"rights": map[string]any{
		"is_anonymous": false, "can_manage_chat": true, "can_delete_messages": true, "can_manage_video_chats": false,
		"can_restrict_members": false, "can_promote_members": false, "can_change_info": false, "can_invite_users": false,
		"can_post_stories": false, "can_edit_stories": false, "can_delete_stories": false}})
	if r := must(t, v, "getMyDefaultAdministratorRights", map[string]any{}); at(r, "can_delete_messages") != true || at(r, "can_change_info") != false {
		t.Errorf("getMyDefaultAdministratorRights = %v", r)
	}
	if r := must(t, v, "getMyDefaultAdministratorRights", map[string]any{"for_channels": true}); at(r, "can_delete_messages") != false {
		t.Errorf("channel rights = %v, want the ones set for groups apart", r)
	}
}

// N8: setMyCommands ignored scope and language_code; deleteMyCommands
// deleted nothing.
func TestN8MyCommandsByScopeAndLanguage(t *testing.T) {
	v := atNewest(t, nil)
	cmds := func(names ...string) []any {
		var out []any
		for _, n := range names {
			out = append(out, map[string]any{"command": n, "description": n + "!"})
		}
		return out
	}
	names := func(x any) string {
		var ns []string
		for _, c := range x.([]any) {
			ns = append(ns, at(c, "command").(string))
		}
		return strings.Join(ns, ",")
	}
	private := map[string]any{"type": "all_private_chats"}
	must(t, v, "setMyCommands", map[string]any{"commands": cmds("start", "help")})
	must(t, v, "setMyCommands", map[string]any{"commands": cmds("go"), "scope": private})
	must(t, v, "setMyCommands", map[string]any{"commands": cmds("los"), "scope": private, "language_code": "de"})
	for _, c := range []struct {
		params map[string]any
		want   string
	}{
		{map[string]any{}, "start,help"},
		{map[string]any{"scope": map[string]any{"type": "default"}}, "start,help"},
		{map[string]any{"scope": private}, "go"},
		{map[string]any{"scope": private, "language_code": "de"}, "los"},
		{map[string]any{"scope": map[string]any{"type": "all_group_chats"}}, ""},
	} {
		if got := names(must(t, v, "getMyCommands", c.params)); got != c.want {
			t.Errorf("getMyCommands %v = %q, want %q", c.params, got, c.want)
		}
	}
	must(t, v, "deleteMyCommands", map[string]any{"scope": private})
	if got := names(must(t, v, "getMyCommands", map[string]any{"scope": private})); got != "" {
		t.Errorf("after deleteMyCommands: %q", got)
	}
	if got := names(must(t, v, "getMyCommands", map[string]any{})); got != "start,help" {
		t.Errorf("deleteMyCommands of a scope deleted the default list: %q", got)
	}
}

// N9: create, edit and revoke of an invite link answered one placeholder.
func TestN9InviteLinksAreHeld(t *testing.T) {
	v := atNewest(t, nil)
	g := v.group(botapi.ChatTypeSupergroup)
	a := must(t, v, "createChatInviteLink", map[string]any{"chat_id": g.ID, "name": "spring", "member_limit": 5})
	b := must(t, v, "createChatInviteLink", map[string]any{"chat_id": g.ID})
	link, _ := at(a, "invite_link").(string)
	if link == "" || link == at(b, "invite_link") || at(a, "name") != "spring" || num(at(a, "member_limit")) != 5 ||
		at(a, "is_revoked") != false || num(at(a, "creator", "id")) != v.me.ID {
		t.Fatalf("created %v and %v", a, b)
	}
	e := must(t, v, "editChatInviteLink", map[string]any{"chat_id": g.ID, "invite_link": link, "name": "summer"})
	if at(e, "invite_link") != link || at(e, "name") != "summer" || num(at(e, "member_limit")) != 5 {
		t.Errorf("edited: %v", e)
	}
	// The link works: a user joins through it.
	bob := v.emu.NewUser("Bob", "bob")
	ok(t, v.emu.JoinByLink(bob.ID, link))
	r := must(t, v, "revokeChatInviteLink", map[string]any{"chat_id": g.ID, "invite_link": link})
	if at(r, "is_revoked") != true || at(r, "name") != "summer" {
		t.Errorf("revoked: %v", r)
	}
	carol := v.emu.NewUser("Carol", "carol")
	if err := v.emu.JoinByLink(carol.ID, link); err == nil {
		t.Errorf("a revoked link still lets users join")
	}
	if r := post(t, v, "editChatInviteLink", map[string]any{"chat_id": g.ID, "invite_link": "https://t.me/+nosuch", "name": "x"}, nil); r.OK {
		t.Errorf("editing a link never created: %s", r.Result)
	}
}

// N10: sendSticker, sendGame and sendInvoice answered a Message with id
// 1, dated 1970, without sender or content; a file id never held was
// accepted.
func TestN10SendMethodsCreateRealMessages(t *testing.T) {
	v := atNewest(t, nil)
	chat := v.user.ID
	if r := post(t, v, "sendSticker", map[string]any{"chat_id": chat, "sticker": "CAACAgIAAxkBAAEnever"}, nil); r.OK || r.Status != 400 || !strings.Contains(r.Description, "wrong file identifier") {
		t.Errorf("a sticker file id never held: %d %s", r.Status, r.Description)
	}
	text := must(t, v, "sendMessage", map[string]any{"chat_id": chat, "text": "before"})
	r := post(t, v, "sendSticker", map[string]any{"chat_id": chat, "emoji": "🙂", "message_thread_id": 7,
		"reply_parameters": map[string]any{"message_id": num(at(text, "message_id"))}}, map[string][]byte{"sticker": pngImage(8, 8)})
	if !r.OK || r.Placeholder != "" {
		t.Fatalf("sendSticker: %d %s %s", r.Status, r.Description, r.Placeholder)
	}
	st := r.value()
	id := num(at(st, "message_id"))
	if id != num(at(text, "message_id"))+1 || num(at(st, "date")) != num(at(text, "date")) || num(at(st, "from", "id")) != v.me.ID {
		t.Errorf("sticker message: id %d date %v from %v, want the next id, now, the bot", id, at(st, "date"), at(st, "from"))
	}
	fileID, _ := at(st, "sticker", "file_id").(string)
	if fileID == "" || at(st, "sticker", "emoji") != "🙂" || num(at(st, "message_thread_id")) != 7 || num(at(st, "reply_to_message", "message_id")) != num(at(text, "message_id")) {
		t.Errorf("sticker message content: %v", st)
	}
	// The held file is sent again by its id; the message is edited,
	// forwarded with its content and deleted.
	again := must(t, v, "sendSticker", map[string]any{"chat_id": chat, "sticker": fileID})
	if at(again, "sticker", "file_id") != fileID {
		t.Errorf("sent again: %v", at(again, "sticker"))
	}
	kb := map[string]any{"inline_keyboard": []any{[]any{map[string]any{"text": "b", "callback_data": "d"}}}}
	ed := must(t, v, "editMessageReplyMarkup", map[string]any{"chat_id": chat, "message_id": id, "reply_markup": kb})
	if at(ed, "sticker", "file_id") != fileID || at(ed, "reply_markup") == nil {
		t.Errorf("edited sticker message: %v", ed)
	}
	fw := must(t, v, "forwardMessage", map[string]any{"chat_id": chat, "from_chat_id": chat, "message_id": id})
	if at(fw, "sticker", "file_id") != fileID || at(fw, "message_thread_id") != nil {
		t.Errorf("forwarded sticker message: %v", fw)
	}
	must(t, v, "deleteMessage", map[string]any{"chat_id": chat, "message_id": id})
	if r := post(t, v, "editMessageReplyMarkup", map[string]any{"chat_id": chat, "message_id": id, "reply_markup": kb}, nil); r.OK {
		t.Errorf("a deleted sticker message was edited")
	}
	inv := must(t, v, "sendInvoice", map[string]any{"chat_id": chat, "title": "Tea", "description": "green", "payload": "p1",
		"currency": "EUR", "prices": []any{map[string]any{"label": "cup", "amount": 250}}, "start_parameter": "tea"})
	if at(inv, "invoice", "title") != "Tea" || at(inv, "invoice", "currency") != "EUR" || num(at(inv, "invoice", "total_amount")) != 250 || num(at(inv, "message_id")) <= id {
		t.Errorf("invoice message: %v", inv)
	}
	game := must(t, v, "sendGame", map[string]any{"chat_id": chat, "game_short_name": "chess"})
	if at(game, "game") == nil || num(at(game, "from", "id")) != v.me.ID {
		t.Errorf("game message: %v", game)
	}
	// The control API sees them as the bot does.
	sent := v.emu.Sent(v.me.ID)
	if n := len(sent); n == 0 || sent[n-1].Method != "sendGame" {
		t.Errorf("control sent: last %+v", sent[len(sent)-1])
	}
}

// N13: an administrator promoted with one right was reported with the
// newer rights all true.
func TestN13ReportedRightsAreTheGranted(t *testing.T) {
	v := atNewest(t, nil)
	g := v.group(botapi.ChatTypeSupergroup)
	bob := v.emu.NewUser("Bob", "bob")
	ok(t, v.emu.Join(g.ID, bob.ID))
	must(t, v, "promoteChatMember", map[string]any{"chat_id": g.ID, "user_id": bob.ID, "can_pin_messages": true, "can_post_stories": true})
	m := must(t, v, "getChatMember", map[string]any{"chat_id": g.ID, "user_id": bob.ID})
	if at(m, "status") != "administrator" || at(m, "can_pin_messages") != true || at(m, "can_post_stories") != true ||
		at(m, "can_edit_stories") != false || at(m, "can_delete_stories") != false || at(m, "can_manage_chat") == true {
		t.Errorf("getChatMember = %v, want the two rights granted and no other", m)
	}
}

// What stays a placeholder says so, on the answer and in stats.
func TestPlaceholderAnswersAreMarked(t *testing.T) {
	v := atNewest(t, nil)
	r := post(t, v, "getMe", nil, nil)
	if !r.OK || r.Placeholder != "" {
		t.Errorf("getMe: %s placeholder %q", r.Description, r.Placeholder)
	}
	r = post(t, v, "getBusinessConnection", map[string]any{"business_connection_id": "b"}, nil)
	if !r.OK || r.Placeholder == "" {
		t.Errorf("getBusinessConnection: %d placeholder %q, want a marked placeholder", r.Status, r.Placeholder)
	}
	if s := v.emu.Stats(); s.Placeholders != 1 {
		t.Errorf("stats: %d placeholders, want 1", s.Placeholders)
	}
}

// N14: the version front read every body whole before validating it (up
// to 51 MiB): concurrent oversized bodies took the emulator at a version
// to a peak of their total size, all then answered 413. The core refuses
// a JSON or form body past 1 MiB as it reads it.
func TestN14OversizedBodiesAtAVersionAreRefusedAsRead(t *testing.T) {
	v := atNewest(t, nil)
	const clients, size = 16, 8 << 20
	// Collect often: the heap in use then measures what the bodies hold,
	// not the garbage of other tests' goroutines still winding down.
	defer debug.SetGCPercent(debug.SetGCPercent(20))
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	var wg sync.WaitGroup
	codes := make([]int, clients)
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ct, head := "application/json", fmt.Sprintf(`{"chat_id":%d,"text":"`, v.user.ID)
			if i%2 == 1 {
				ct, head = "application/x-www-form-urlencoded", fmt.Sprintf("chat_id=%d&text=", v.user.ID)
			}
			body := io.MultiReader(strings.NewReader(head), io.LimitReader(repeatByte('a'), size))
			resp, err := http.Post(v.srv.URL+"/bot"+token+"/sendMessage", ct, body)
			if err != nil {
				return // the server may close the connection once it has answered
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			codes[i] = resp.StatusCode
		}()
	}
	wg.Wait()
	close(done)
	<-sampled
	for i, c := range codes {
		if c != 0 && c != http.StatusRequestEntityTooLarge {
			t.Errorf("client %d: %d, want 413", i, c)
		}
	}
	grew := int64(peak.Load()) - int64(before.HeapInuse)
	t.Logf("%d concurrent %d MiB bodies: the heap in use grew by at most %.1f MiB", clients, size>>20, float64(grew)/(1<<20))
	if limit := int64(clients*(2<<20) + 16<<20); grew > limit {
		t.Errorf("heap in use grew by %d MiB, want at most %d MiB (each body refused at the 1 MiB bound)", grew>>20, limit>>20)
	}
}

// repeatByte is an endless reader of c.
type repeatByte byte

func (c repeatByte) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(c)
	}
	return len(p), nil
}

// recording stands for the version's strict server: it keeps the last
// body it was given and answers refusal (a 400 description) when set,
// else "not implemented" (valid).
type recording struct {
	mu      sync.Mutex
	last    []byte
	refusal string
}

func (rc *recording) handler(s *schema.Schema) emulator.Caller {
	all := acceptAll(s)
	return emulator.CallerFunc(func(ctx context.Context, token, method, query, contentType string, body io.Reader) (json.RawMessage, error) {
		var b []byte
		if body != nil {
			b, _ = io.ReadAll(body)
		}
		rc.mu.Lock()
		rc.last = b
		refusal := rc.refusal
		rc.mu.Unlock()
		if refusal != "" {
			return nil, emulator.APIError(400, refusal)
		}
		return all.Call(ctx, token, method, query, contentType, bytes.NewReader(b))
	})
}

func (rc *recording) body() []byte {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.last
}

// N5: ChatAdministratorRights without the rights later versions added was
// refused (missing required field "can_post_stories"); the reference
// reads them as false.
func TestN5NewerRightsAreOptionalOnRequests(t *testing.T) {
	rc := &recording{}
	v := atNewest(t, rc.handler)
	rights := map[string]any{"is_anonymous": false, "can_manage_chat": true, "can_delete_messages": true,
		"can_manage_video_chats": false, "can_restrict_members": false, "can_promote_members": false,
		"can_change_info": false, "can_invite_users": true}
	must(t, v, "setMyDefaultAdministratorRights", map[string]any{"rights": rights})
	var got struct{ Rights map[string]any }
	json.Unmarshal(rc.body(), &got)
	if got.Rights["can_post_stories"] != false || got.Rights["can_manage_chat"] != true {
		t.Errorf("the version's server was given %s, want the absent rights as false", rc.body())
	}
	if r := must(t, v, "getMyDefaultAdministratorRights", map[string]any{}); at(r, "can_invite_users") != true || at(r, "can_post_stories") != false {
		t.Errorf("getMyDefaultAdministratorRights = %v", r)
	}
}

// N7: createNewStickerSet with the set-level sticker_format and stickers
// without their own format was refused.
func TestN7StickerSetFormatAtSetLevelIsEachStickersFormat(t *testing.T) {
	rc := &recording{}
	v := atNewest(t, rc.handler)
	post(t, v, "createNewStickerSet", map[string]any{"user_id": v.user.ID, "name": "tea_by_emulator_bot", "title": "Tea",
		"sticker_format": "static", "stickers": []any{map[string]any{"sticker": "x", "emoji_list": []any{"🍵"}}}}, nil)
	var got struct{ Stickers []map[string]any }
	json.Unmarshal(rc.body(), &got)
	if len(got.Stickers) != 1 || got.Stickers[0]["format"] != "static" {
		t.Errorf("the version's server was given %s, want each sticker's format from sticker_format", rc.body())
	}
}

// N12 and N6: the version's server words some refusals unlike the
// reference: options=null named the version's InputPollOption (the
// reference says Array of String), a 65-byte callback_data its bound
// (the reference says BUTTON_DATA_INVALID).
func TestN12N6RefusalsInTheReferencesWords(t *testing.T) {
	rc := &recording{}
	v := atNewest(t, rc.handler)
	for _, c := range []struct{ method, refusal, want string }{
		{"sendPoll", "Bad Request: expected an Array of InputPollOption as options", "Bad Request: expected an Array of String as options"},
		{"sendMessage", "Bad Request: reply_markup.inline_keyboard[0][0].callback_data: 65 bytes, at most 64", "Bad Request: BUTTON_DATA_INVALID"},
		{"sendMessage", "Bad Request: message text is empty", "Bad Request: message text is empty"},
	} {
		rc.mu.Lock()
		rc.refusal = c.refusal
		rc.mu.Unlock()
		if r := post(t, v, c.method, map[string]any{"chat_id": v.user.ID}, nil); r.Status != 400 || r.Description != c.want {
			t.Errorf("%s refused %q: answered %d %q, want %q", c.method, c.refusal, r.Status, r.Description, c.want)
		}
	}
}

// The bot's menu for everyone (setMyCommands with no scope and no
// language) at a version is what the control API and the chat window read
// of the bot: the settings family stored it beside the core, and the
// window of a 9.0 emulator showed no command menu.
func TestDefaultCommandsAtAVersionReachTheControlAPI(t *testing.T) {
	v := atNewest(t, nil)
	must(t, v, "setMyCommands", map[string]any{"commands": []any{map[string]any{"command": "start", "description": "Start"}}})
	must(t, v, "setMyCommands", map[string]any{"commands": []any{map[string]any{"command": "los", "description": "Los"}}, "language_code": "de"})
	got, err := v.emu.Commands(v.me.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Command != "start" {
		t.Fatalf("the control API's commands: %+v, want the default list [start]", got)
	}
	must(t, v, "deleteMyCommands", map[string]any{})
	if got, _ := v.emu.Commands(v.me.ID); len(got) != 0 {
		t.Errorf("after deleteMyCommands: %+v, want none", got)
	}
}
