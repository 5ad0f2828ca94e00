package emulator

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"math"
	"mime"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/apigen/apigen/generated/botapi"
)

// The control API over HTTP: POST /control/<action> with a JSON object,
// answered {"ok":true,"result":...} or {"ok":false,"description":...}.
//
// It drives users and the clock, so it is guarded: every request carries
// the control token (Authorization: Bearer <token>; Config.ControlToken,
// or ControlToken() when the emulator chose one), the body must be
// application/json (a web page cannot send that cross-site without a CORS
// preflight, which the emulator never grants), actions that change state
// are POST only (stats and now may be read with GET), every key must be
// one the action takes (a misspelt key is a 400 naming it), and inputs
// are bounded (a body of 64 KiB, texts by the document's limits).

// controlMaxBody bounds a control request's body.
const controlMaxBody = 64 << 10

// controlAction lists the keys an action takes and whether it only reads.
type controlAction struct {
	keys    []string
	read    bool
	maxBody int64 // 0: controlMaxBody
}

// controlMaxUpload bounds the body of send_photo and send_document: a
// file of up to 12 MiB, base64 in the JSON.
const controlMaxUpload = 16 << 20

var controlActions = map[string]controlAction{
	"bot":             {keys: []string{"token"}},
	"user":            {keys: []string{"first_name", "username"}},
	"chat":            {keys: []string{"type", "title", "username", "user_id"}},
	"member":          {keys: []string{"chat_id", "user_id", "member"}},
	"join":            {keys: []string{"chat_id", "link", "user_id"}},
	"leave":           {keys: []string{"chat_id", "user_id"}},
	"block":           {keys: []string{"user_id", "bot_id"}},
	"send":            {keys: []string{"user_id", "bot_id", "chat_id", "text", "reply_to_message_id"}},
	"edit":            {keys: []string{"user_id", "bot_id", "chat_id", "message_id", "text"}},
	"press":           {keys: []string{"user_id", "bot_id", "chat_id", "message_id", "data"}},
	"callback_answer": {keys: []string{"callback_query_id"}, read: true},
	"vote":            {keys: []string{"user_id", "poll_id", "option_ids"}},
	"sent":            {keys: []string{"bot_id"}, read: true},
	"message":         {keys: []string{"user_id", "bot_id", "chat_id", "message_id"}, read: true},
	"advance":         {keys: []string{"seconds"}},
	"now":             {read: true},
	"stats":           {read: true},
	"heap":            {read: true},
	// A user's window (the chat window reads and acts through these).
	"chats":         {keys: []string{"user_id"}, read: true},
	"history":       {keys: []string{"user_id", "bot_id", "chat_id", "limit"}, read: true},
	"users":         {read: true},
	"commands":      {keys: []string{"bot_id"}, read: true},
	"file":          {keys: []string{"file_id"}, read: true},
	"delete":        {keys: []string{"user_id", "bot_id", "chat_id", "message_id"}},
	"send_photo":    {keys: []string{"user_id", "bot_id", "chat_id", "file", "file_name", "caption", "reply_to_message_id"}, maxBody: controlMaxUpload},
	"send_document": {keys: []string{"user_id", "bot_id", "chat_id", "file", "file_name", "caption", "reply_to_message_id"}, maxBody: controlMaxUpload},
}

// ControlToken is the token the HTTP control API requires
// (Authorization: Bearer <token>).
func (e *Emulator) ControlToken() string { return e.cfg.ControlToken }

func (e *Emulator) controlHandler() http.Handler {
	want := []byte("Bearer " + e.cfg.ControlToken)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/control/")
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="apigen-emulator control API"`)
			controlStatus(w, http.StatusUnauthorized, "the control API needs the header Authorization: Bearer <control token> (printed by apigen-emulator at start, -control-token; Emulator.ControlToken in Go)")
			return
		}
		act, known := controlActions[name]
		if !known {
			controlStatus(w, http.StatusNotFound, "unknown control action "+name)
			return
		}
		switch {
		case r.Method == http.MethodPost:
		case r.Method == http.MethodGet && act.read && len(act.keys) == 0:
		default:
			allow := "POST"
			if act.read && len(act.keys) == 0 {
				allow = "GET, POST"
			}
			w.Header().Set("Allow", allow)
			controlStatus(w, http.StatusMethodNotAllowed, "use "+allow+" for control action "+name)
			return
		}
		var in controlRequest
		if r.Method == http.MethodPost {
			if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
				controlStatus(w, http.StatusUnsupportedMediaType, "the body must be a JSON object with Content-Type: application/json")
				return
			}
			limit, over := int64(controlMaxBody), "the body is over 64 KiB"
			if act.maxBody > 0 {
				limit, over = act.maxBody, "the body is over 16 MiB"
			}
			if err := decodeControl(http.MaxBytesReader(w, r.Body, limit), name, act, &in); err != nil {
				var tooBig *http.MaxBytesError
				if errors.As(err, &tooBig) {
					controlStatus(w, http.StatusRequestEntityTooLarge, over)
					return
				}
				controlReply(w, nil, err)
				return
			}
		}
		res, err := e.control(name, &in)
		if err == nil && e.shapeControl != nil {
			res = e.shapeControl(name, res)
		}
		controlReply(w, res, err)
	})
}

// decodeControl reads the body strictly: one JSON object whose keys are
// all the action's (unknown keys are named in the error), values within
// bounds.
func decodeControl(body interface{ Read([]byte) (int, error) }, name string, act controlAction, in *controlRequest) error {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(body); err != nil {
		return err
	}
	if len(bytes.TrimSpace(buf.Bytes())) == 0 {
		return nil
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(buf.Bytes(), &keys); err != nil {
		return controlErr("the body must be a JSON object: " + err.Error())
	}
	for k := range keys {
		if !slices.Contains(act.keys, k) {
			if len(act.keys) == 0 {
				return controlErr("unknown key " + quote(k) + ": control action " + name + " takes no parameters")
			}
			return controlErr("unknown key " + quote(k) + " for control action " + name + " (it takes " + strings.Join(act.keys, ", ") + ")")
		}
	}
	dec := json.NewDecoder(&buf)
	dec.DisallowUnknownFields()
	if err := dec.Decode(in); err != nil {
		return controlErr("the body must be a JSON object of the action's parameters: " + err.Error())
	}
	return in.check()
}

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

// Bounds of the control API's inputs: the document's limits where it has
// one (a text message, callback_data, a poll's options), generous ones
// otherwise.
const (
	maxControlText  = 4096 // characters, the document's text message limit
	maxControlName  = 256  // first_name, username, title, token, link, ids as strings
	maxControlData  = 64   // bytes: callback_data
	maxControlVotes = 10   // a poll has at most 10 options
	maxAdvance      = 366 * 24 * time.Hour
)

func (in *controlRequest) check() error {
	if n := utf8.RuneCountInString(in.Text); n > maxControlText {
		return controlErr("text is longer than 4096 characters")
	}
	for k, s := range map[string]string{"first_name": in.FirstName, "username": in.Username, "title": in.Title,
		"token": in.Token, "link": in.Link, "callback_query_id": in.QueryID, "poll_id": in.PollID, "type": in.Type,
		"file_name": in.FileName, "file_id": in.FileID} {
		if len(s) > maxControlName {
			return controlErr(k + " is longer than 256 bytes")
		}
	}
	if utf8.RuneCountInString(in.Caption) > maxCaption {
		return controlErr("caption is longer than 1024 characters")
	}
	if in.Limit < 0 || in.Limit > maxHistory {
		return controlErr("limit must be 0 to 5000 (0: 5000)")
	}
	if len(in.Data) > maxControlData {
		return controlErr("data is longer than 64 bytes (callback_data's limit)")
	}
	if len(in.OptionIDs) > maxControlVotes {
		return controlErr("option_ids has more than 10 options")
	}
	if math.IsNaN(in.Seconds) || in.Seconds < 0 || in.Seconds > maxAdvance.Seconds() {
		return controlErr("seconds must be 0 to 31622400 (366 days)")
	}
	return nil
}

// controlRequest is the union of the actions' parameters.
type controlRequest struct {
	Token     string  `json:"token"`
	FirstName string  `json:"first_name"`
	Username  string  `json:"username"`
	Type      string  `json:"type"`
	Title     string  `json:"title"`
	UserID    int64   `json:"user_id"`
	BotID     int64   `json:"bot_id"`
	ChatID    int64   `json:"chat_id"`
	MessageID int64   `json:"message_id"`
	ReplyTo   int64   `json:"reply_to_message_id"`
	Text      string  `json:"text"`
	Data      string  `json:"data"`
	QueryID   string  `json:"callback_query_id"`
	PollID    string  `json:"poll_id"`
	OptionIDs []int   `json:"option_ids"`
	Link      string  `json:"link"`
	Seconds   float64 `json:"seconds"`
	Limit     int     `json:"limit"`
	File      []byte  `json:"file"` // base64 in JSON
	FileName  string  `json:"file_name"`
	FileID    string  `json:"file_id"`
	Caption   string  `json:"caption"`
	// Member is a ChatMember object without its user, which user_id
	// names (a user given here is replaced by that one).
	Member json.RawMessage `json:"member"`
}

func (in *controlRequest) where() Where { return Where{Bot: in.BotID, Chat: in.ChatID} }

func (e *Emulator) control(action string, in *controlRequest) (any, error) {
	switch action {
	case "bot":
		return e.AddBot(in.Token)
	case "user":
		if in.FirstName == "" {
			return nil, controlErr("first_name is required")
		}
		return e.NewUser(in.FirstName, in.Username), nil
	case "chat":
		return e.NewChat(botapi.ChatType(in.Type), in.Title, in.Username, in.UserID)
	case "member":
		cm, err := e.controlMember(in)
		if err != nil {
			return nil, err
		}
		return true, e.SetMember(in.ChatID, in.UserID, cm)
	case "join":
		if in.Link != "" {
			return true, e.JoinByLink(in.UserID, in.Link)
		}
		return true, e.Join(in.ChatID, in.UserID)
	case "leave":
		return true, e.Leave(in.ChatID, in.UserID)
	case "block":
		return true, e.Block(in.UserID, in.BotID)
	case "send":
		return e.Reply(in.UserID, in.where(), in.Text, in.ReplyTo)
	case "edit":
		return e.Edit(in.UserID, in.where(), in.MessageID, in.Text)
	case "press":
		id, err := e.Press(in.UserID, in.where(), in.MessageID, in.Data)
		return map[string]string{"callback_query_id": id}, err
	case "callback_answer":
		a, ok := e.CallbackAnswer(in.QueryID)
		if !ok {
			return nil, controlErr("no callback query " + in.QueryID)
		}
		return a, nil
	case "vote":
		return true, e.Vote(in.UserID, in.PollID, in.OptionIDs...)
	case "sent":
		s := e.Sent(in.BotID)
		if s == nil {
			s = []Sent{}
		}
		return s, nil
	case "message":
		m, ok := e.Message(in.UserID, in.where(), in.MessageID)
		if !ok {
			return nil, controlErr("no message " + itoa(in.MessageID))
		}
		return m, nil
	case "advance":
		return e.Advance(time.Duration(in.Seconds * float64(time.Second))).Unix(), nil
	case "now":
		return e.Now().Unix(), nil
	case "stats":
		return e.Stats(), nil
	case "heap":
		// The live heap after a collection: what a program serving a
		// version holds, measured from outside (make emulator-load).
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return map[string]uint64{"heap_bytes": ms.HeapAlloc}, nil
	case "chats":
		return e.Chats(in.UserID)
	case "history":
		return e.History(in.UserID, in.where(), in.Limit)
	case "users":
		return e.Users(), nil
	case "commands":
		return e.Commands(in.BotID)
	case "file":
		return e.File(in.FileID)
	case "delete":
		return true, e.Delete(in.UserID, in.where(), in.MessageID)
	case "send_photo", "send_document":
		return e.SendFile(in.UserID, in.where(), Upload{Photo: action == "send_photo", Name: in.FileName,
			Data: in.File, Caption: in.Caption, ReplyTo: in.ReplyTo})
	}
	return nil, controlErr("unknown control action " + action)
}

func controlReply(w http.ResponseWriter, res any, err error) {
	if err != nil {
		msg := err.Error()
		if errors.Is(err, ErrControl) {
			msg = strings.TrimPrefix(msg, ErrControl.Error()+"\n")
		}
		controlStatus(w, http.StatusBadRequest, msg)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"ok": true, "result": res})
}

func controlStatus(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]any{"ok": false, "error_code": code, "description": msg})
}

// controlMember reads the member of a member action: status and rights.
// The ChatMember object requires a user, which the action's user_id names
// already, so the user is filled in from there before decoding.
func (e *Emulator) controlMember(in *controlRequest) (botapi.ChatMember, error) {
	var cm botapi.ChatMember
	var fields map[string]json.RawMessage
	if len(in.Member) == 0 || json.Unmarshal(in.Member, &fields) != nil || fields == nil {
		return cm, controlErr("member (a ChatMember object: status and rights) is required")
	}
	u := e.userCopy(in.UserID)
	if u == nil {
		return cm, controlErr("no user " + itoa(in.UserID))
	}
	user, err := json.Marshal(u)
	if err != nil {
		return cm, err
	}
	fields["user"] = user
	b, err := json.Marshal(fields)
	if err != nil {
		return cm, err
	}
	// Strict, as the server reads requests: UnmarshalJSON reads tolerantly.
	if err := botapi.UnmarshalStrict(b, &cm); err != nil {
		return cm, controlErr("member: " + err.Error())
	}
	return cm, nil
}

// userCopy is a copy of the user with id, or nil.
func (e *Emulator) userCopy(id int64) *botapi.User {
	e.mu.Lock()
	defer e.mu.Unlock()
	if u := e.users[id]; u != nil {
		c := *u
		return &c
	}
	return nil
}
