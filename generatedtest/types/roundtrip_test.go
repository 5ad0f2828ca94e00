package types

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
)

type codec interface {
	json.Marshaler
	json.Unmarshaler
	AppendJSON(dst []byte) ([]byte, error)
}

// roots maps a payload's root name to a fresh value of its Go type.
var roots = map[string]func() codec{
	"Animation":               func() codec { return new(botapi.Animation) },
	"Audio":                   func() codec { return new(botapi.Audio) },
	"BotCommand":              func() codec { return new(botapi.BotCommand) },
	"CallbackQuery":           func() codec { return new(botapi.CallbackQuery) },
	"Chat":                    func() codec { return new(botapi.Chat) },
	"ChatLocation":            func() codec { return new(botapi.ChatLocation) },
	"ChatMember":              func() codec { return new(botapi.ChatMember) },
	"ChatPermissions":         func() codec { return new(botapi.ChatPermissions) },
	"ChatPhoto":               func() codec { return new(botapi.ChatPhoto) },
	"Contact":                 func() codec { return new(botapi.Contact) },
	"Dice":                    func() codec { return new(botapi.Dice) },
	"Document":                func() codec { return new(botapi.Document) },
	"File":                    func() codec { return new(botapi.File) },
	"ForceReply":              func() codec { return new(botapi.ForceReply) },
	"InlineKeyboardButton":    func() codec { return new(botapi.InlineKeyboardButton) },
	"InlineKeyboardMarkup":    func() codec { return new(botapi.InlineKeyboardMarkup) },
	"InputMediaAnimation":     func() codec { return new(botapi.InputMediaAnimation) },
	"InputMediaAudio":         func() codec { return new(botapi.InputMediaAudio) },
	"InputMediaDocument":      func() codec { return new(botapi.InputMediaDocument) },
	"InputMediaPhoto":         func() codec { return new(botapi.InputMediaPhoto) },
	"InputMediaVideo":         func() codec { return new(botapi.InputMediaVideo) },
	"KeyboardButton":          func() codec { return new(botapi.KeyboardButton) },
	"KeyboardButtonPollType":  func() codec { return new(botapi.KeyboardButtonPollType) },
	"Location":                func() codec { return new(botapi.Location) },
	"LoginUrl":                func() codec { return new(botapi.LoginURL) },
	"Message":                 func() codec { return new(botapi.Message) },
	"MessageEntity":           func() codec { return new(botapi.MessageEntity) },
	"MessageId":               func() codec { return new(botapi.MessageID) },
	"PhotoSize":               func() codec { return new(botapi.PhotoSize) },
	"Poll":                    func() codec { return new(botapi.Poll) },
	"PollAnswer":              func() codec { return new(botapi.PollAnswer) },
	"PollOption":              func() codec { return new(botapi.PollOption) },
	"ProximityAlertTriggered": func() codec { return new(botapi.ProximityAlertTriggered) },
	"ReplyKeyboardMarkup":     func() codec { return new(botapi.ReplyKeyboardMarkup) },
	"ReplyKeyboardRemove":     func() codec { return new(botapi.ReplyKeyboardRemove) },
	"ResponseParameters":      func() codec { return new(botapi.ResponseParameters) },
	"StickerSet":              func() codec { return new(botapi.StickerSet) },
	"Update":                  func() codec { return new(botapi.Update) },
	"User":                    func() codec { return new(botapi.User) },
	"UserProfilePhotos":       func() codec { return new(botapi.UserProfilePhotos) },
	"Venue":                   func() codec { return new(botapi.Venue) },
	"Video":                   func() codec { return new(botapi.Video) },
	"VideoNote":               func() codec { return new(botapi.VideoNote) },
	"Voice":                   func() codec { return new(botapi.Voice) },
	"WebhookInfo":             func() codec { return new(botapi.WebhookInfo) },
	"editMessageMedia":        func() codec { return new(botapi.EditMessageMediaParams) },
	"getUpdates":              func() codec { return new(botapi.GetUpdatesParams) },
	"restrictChatMember":      func() codec { return new(botapi.RestrictChatMemberParams) },
	"sendChatAction":          func() codec { return new(botapi.SendChatActionParams) },
	"sendDice":                func() codec { return new(botapi.SendDiceParams) },
	"sendLocation":            func() codec { return new(botapi.SendLocationParams) },
	"sendMediaGroup":          func() codec { return new(botapi.SendMediaGroupParams) },
	"sendMessage":             func() codec { return new(botapi.SendMessageParams) },
	"sendPhoto":               func() codec { return new(botapi.SendPhotoParams) },
	"sendPoll":                func() codec { return new(botapi.SendPollParams) },
	"setMyCommands":           func() codec { return new(botapi.SetMyCommandsParams) },
}

type payload struct {
	name, root string
	data       []byte
}

func payloads(t *testing.T) []payload {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no payloads: %v", err)
	}
	var out []payload
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		base := strings.TrimSuffix(filepath.Base(f), ".json")
		root, _, ok := strings.Cut(base, "__")
		if !ok {
			t.Fatalf("%s: want <Root>__<case>.json", f)
		}
		out = append(out, payload{name: base, root: root, data: bytes.TrimSpace(data)})
	}
	return out
}

func semantic(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("invalid JSON %s: %v", data, err)
	}
	return v
}

// TestRoundTrip: decode -> encode -> decode -> encode is lossless and the
// encoding means the same JSON as the input.
func TestRoundTrip(t *testing.T) {
	for _, p := range payloads(t) {
		t.Run(p.name, func(t *testing.T) {
			newV, ok := roots[p.root]
			if !ok {
				t.Fatalf("no Go type registered for root %s", p.root)
			}
			v := newV()
			if err := v.UnmarshalJSON(p.data); err != nil {
				t.Fatalf("decode: %v", err)
			}
			out1, err := v.MarshalJSON()
			if err != nil {
				t.Fatalf("encode: %v", err)
			}
			if !reflect.DeepEqual(semantic(t, p.data), semantic(t, out1)) {
				t.Fatalf("encoding differs from input\n in: %s\nout: %s", p.data, out1)
			}
			v2 := newV()
			if err := v2.UnmarshalJSON(out1); err != nil {
				t.Fatalf("decode again: %v", err)
			}
			if !reflect.DeepEqual(v, v2) {
				t.Fatalf("second decode differs from first")
			}
			out2, err := v2.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out1, out2) {
				t.Fatalf("second encoding differs\n1: %s\n2: %s", out1, out2)
			}
		})
	}
}

// TestAppendJSONWritesMarshalJSONBytes: AppendJSON appends exactly the
// bytes MarshalJSON returns after what dst holds, into dst's own array
// when it has room, and allocates nothing then.
func TestAppendJSONWritesMarshalJSONBytes(t *testing.T) {
	for _, p := range payloads(t) {
		v := roots[p.root]()
		if err := v.UnmarshalJSON(p.data); err != nil {
			t.Fatalf("%s: decode: %v", p.name, err)
		}
		want, err := v.MarshalJSON()
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		dst := append(make([]byte, 0, len(want)+16), "prefix "...)
		got, err := v.AppendJSON(dst)
		if err != nil || string(got) != "prefix "+string(want) {
			t.Fatalf("%s: AppendJSON = %q, %v; want the prefix then %s", p.name, got, err, want)
		}
		if &got[0] != &dst[:1][0] {
			t.Errorf("%s: AppendJSON reallocated a buffer that had room", p.name)
		}
		if n := testing.AllocsPerRun(20, func() { _, _ = v.AppendJSON(dst) }); n != 0 {
			t.Errorf("%s: AppendJSON into a buffer with room allocates %v times", p.name, n)
		}
	}
}

// coverage records what the payloads exercise, walking them along the
// schema.
type coverage struct {
	s        *schema.Schema
	objects  map[string]bool
	set      map[string]bool // "Object.field" present
	zero     map[string]bool // "Object.field" present with its zero value
	variants map[string]bool // "Union.Variant"
}

func isZeroJSON(v any) bool {
	switch v := v.(type) {
	case float64:
		return v == 0
	case string:
		return v == ""
	case bool:
		return !v
	case []any:
		return len(v) == 0
	}
	return false
}

func (c *coverage) walk(t *testing.T, where string, ty schema.Type, v any) {
	if v == nil {
		return
	}
	if ty.IsArray() {
		arr, ok := v.([]any)
		if !ok {
			t.Errorf("%s: want array, got %T", where, v)
			return
		}
		for _, e := range arr {
			c.walk(t, where+"[]", *ty.Elem, e)
		}
		return
	}
	if o := c.s.Object(ty.Name); o != nil {
		c.objects[o.Name] = true
		if o.Opaque {
			return
		}
		m, ok := v.(map[string]any)
		if !ok {
			if _, isStr := v.(string); isStr && o.StringForm != "" {
				return
			}
			t.Errorf("%s: want %s object, got %T", where, o.Name, v)
			return
		}
		c.fields(t, where, o.Name, o.Fields, m)
		return
	}
	if u := c.s.Union(ty.Name); u != nil {
		for _, vr := range u.Variants {
			if c.matches(u, vr, v) {
				c.variants[u.Name+"."+vr.Type.Name] = true
				c.walk(t, where, vr.Type, v)
				return
			}
		}
		t.Errorf("%s: no variant of %s matches %v", where, u.Name, v)
	}
}

func (c *coverage) matches(u *schema.Union, vr *schema.Variant, v any) bool {
	m, isObj := v.(map[string]any)
	switch {
	case u.Discriminator != "":
		return isObj && m[u.Discriminator] == vr.Tag
	case len(vr.Requires) > 0:
		for _, k := range vr.Requires {
			if _, ok := m[k]; !ok {
				return false
			}
		}
		return isObj
	}
	switch vr.Type.Name {
	case schema.Integer, schema.Integer64, schema.Float:
		_, ok := v.(float64)
		return ok
	case schema.String:
		_, ok := v.(string)
		return ok
	case schema.InputFile:
		_, ok := v.(string)
		return ok && !hasVariant(u, schema.String)
	case schema.True, schema.Boolean:
		_, ok := v.(bool)
		return ok
	}
	return isObj
}

func hasVariant(u *schema.Union, name string) bool {
	for _, v := range u.Variants {
		if v.Type.Name == name {
			return true
		}
	}
	return false
}

func (c *coverage) fields(t *testing.T, where, owner string, fields []*schema.Field, m map[string]any) {
	for _, f := range fields {
		val, ok := m[f.Name]
		if !ok || val == nil {
			continue
		}
		key := owner + "." + f.Name
		c.set[key] = true
		if isZeroJSON(val) {
			c.zero[key] = true
		}
		c.walk(t, where+"."+f.Name, f.Type, val)
	}
}

func loadSchema(t *testing.T) *schema.Schema {
	t.Helper()
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestCoverage proves that the payloads exercise every object, every
// optional field (scalars and arrays also with their zero value), every
// update kind and every union variant of the schema.
func TestCoverage(t *testing.T) {
	s := loadSchema(t)
	c := &coverage{s: s, objects: map[string]bool{}, set: map[string]bool{}, zero: map[string]bool{}, variants: map[string]bool{}}
	for _, p := range payloads(t) {
		v := semantic(t, p.data)
		if m := s.Method(p.root); m != nil {
			obj, _ := v.(map[string]any)
			c.fields(t, p.name, m.Name, m.Params, obj)
			continue
		}
		if s.Object(p.root) == nil {
			t.Errorf("%s: root %s is neither an object nor a method", p.name, p.root)
			continue
		}
		c.walk(t, p.name, schema.Named(p.root), v)
	}
	var missing []string
	for _, o := range s.Objects {
		if !c.objects[o.Name] {
			missing = append(missing, "object "+o.Name)
		}
		for _, f := range o.Fields {
			key := o.Name + "." + f.Name
			if f.Required {
				continue
			}
			if !c.set[key] {
				missing = append(missing, "optional field "+key)
			}
			scalar := f.Type.IsArray() || f.Type.Name == schema.Integer || f.Type.Name == schema.Integer64 ||
				f.Type.Name == schema.Float || f.Type.Name == schema.String || f.Type.Name == schema.Boolean
			if scalar && !c.zero[key] {
				missing = append(missing, "zero value of optional field "+key)
			}
		}
		for _, r := range o.Rules {
			if r.Kind != schema.RuleAtMostOne {
				continue
			}
			for _, f := range r.Fields {
				if !c.set[o.Name+"."+f] {
					missing = append(missing, "kind "+o.Name+"."+f)
				}
			}
		}
	}
	for _, u := range s.Unions {
		for _, v := range u.Variants {
			if v.Type.Name == schema.InputFile && hasVariant(u, schema.String) {
				continue // its JSON form is the String variant's
			}
			// A result union (only a method result) has no payload field.
			if !c.variants[u.Name+"."+v.Type.Name] && usedInPayloadPosition(s, u.Name) {
				missing = append(missing, "variant "+u.Name+"."+v.Type.Name)
			}
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Error("payloads do not cover " + m)
	}
}

// usedInPayloadPosition reports whether a union is the type of some field
// or parameter (rather than only a method result).
func usedInPayloadPosition(s *schema.Schema, union string) bool {
	uses := func(fs []*schema.Field) bool {
		for _, f := range fs {
			if f.Type.Base() == union {
				return true
			}
		}
		return false
	}
	for _, o := range s.Objects {
		if uses(o.Fields) {
			return true
		}
	}
	for _, m := range s.Methods {
		if uses(m.Params) {
			return true
		}
	}
	return false
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSpace(data)
}
