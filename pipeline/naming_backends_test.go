package pipeline_test

import (
	"strings"
	"testing"

	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/schema"
)

// The defects of the names the backends add (the dispatcher's filters and
// helpers, the builders, the getters of a union's common fields): an API
// name spelling one used to stop generation with a collision. Each test
// adds a fragment of its own to the seed's schema, whose update object,
// kinds and unions the backends need; the package must generate, build
// and vet, with one warning per disambiguated name.

// seedWith generates the Go package of the seed's schema changed by
// change, builds and vets it, and returns its declarations and warnings.
func seedWith(t *testing.T, change func(s *schema.Schema)) (map[string]bool, []schema.Warning) {
	t.Helper()
	s, err := loader.Load(loader.Input{})
	if err != nil {
		t.Fatal(err)
	}
	change(s)
	return builtPackage(t, s, "bot-api-5.0.md")
}

func object(s *schema.Schema, name string) *schema.Object {
	for _, o := range s.Objects {
		if o.Name == name {
			return o
		}
	}
	panic("no object " + name)
}

func optionalString(name string) *schema.Field {
	return &schema.Field{Name: name, Type: schema.Type{Name: schema.String}}
}

// addObjects adds objects named names, each held by a parameter of a new
// method.
func addObjects(s *schema.Schema, names ...string) {
	var params []*schema.Field
	for _, n := range names {
		s.Objects = append(s.Objects, &schema.Object{Name: n, Fields: []*schema.Field{{Name: "note", Type: schema.Type{Name: schema.String}, Required: true}}})
		params = append(params, &schema.Field{Name: strings.ToLower(n), Type: schema.Type{Name: n}})
	}
	s.Methods = append(s.Methods, &schema.Method{Name: "useNames", Group: "g", Returns: schema.Type{Name: schema.True}, Params: params})
}

func warned(ws []schema.Warning, construct string) bool {
	for _, w := range ws {
		if w.Construct == construct {
			return true
		}
	}
	return false
}

// TestObjectNamedLikeAFilter: the dispatcher's filters and middleware are
// the package's own names; the API's objects take Type.
func TestObjectNamedLikeAFilter(t *testing.T) {
	names := []string{"TextEqual", "ChatMatches", "Command", "Recover", "DispatchError", "And"}
	d, w := seedWith(t, func(s *schema.Schema) { addObjects(s, names...) })
	for _, n := range names {
		if !d[n] || !d[n+"Type"] || !warned(w, "object "+n) {
			t.Errorf("%s: want the filter %s and the object %sType, with a warning", n, n, n)
		}
	}
}

// TestObjectNamedLikeABuilder: Row is the builders' own; a builder made
// from an object's name (ReplyToMessage) yields to a type the document
// names so.
func TestObjectNamedLikeABuilder(t *testing.T) {
	d, w := seedWith(t, func(s *schema.Schema) { addObjects(s, "Row", "MessageReply", "ReplyMessage") })
	for _, n := range []string{"Row", "RowType", "MessageReply", "ReplyMessage"} {
		if !d[n] {
			t.Errorf("%s is not declared", n)
		}
	}
	for _, c := range []string{"object Row", "parameters Message.Reply takes", "helper ReplyMessage"} {
		if !warned(w, c) {
			t.Errorf("no warning for %s: %v", c, w)
		}
	}
}

// TestFieldNamedLikeACommand: Command is a method of the kinds' objects
// only: a field command there is CommandField, BotCommand's command keeps
// its name.
func TestFieldNamedLikeACommand(t *testing.T) {
	d, w := seedWith(t, func(s *schema.Schema) {
		m := object(s, "Message")
		m.Fields = append(m.Fields, optionalString("command"), optionalString("reply"))
	})
	for _, n := range []string{"CommandField", "ReplyField", "Command"} {
		if !d[n] {
			t.Errorf("%s is not declared", n)
		}
	}
	if !warned(w, "field Message.command") || !warned(w, "field Message.reply") || warned(w, "field BotCommand.command") {
		t.Errorf("warnings %v: want Message.command and Message.reply only", w)
	}
}

// TestFieldNamedLikeAKindHelper: Chat and Sender are the kind accessor's
// helpers on the update: its field chat is ChatField.
func TestFieldNamedLikeAKindHelper(t *testing.T) {
	d, w := seedWith(t, func(s *schema.Schema) {
		u := object(s, "Update")
		u.Fields = append(u.Fields, &schema.Field{Name: "chat", Type: schema.Type{Name: "Chat"}}, &schema.Field{Name: "sender", Type: schema.Type{Name: "User"}})
	})
	if !d["ChatField"] || !d["SenderField"] || !warned(w, "field Update.chat") || !warned(w, "field Update.sender") {
		t.Errorf("want ChatField and SenderField with warnings: %v", w)
	}
}

// TestFieldNamedLikeAGetter: a variant's field get_caption spells the
// getter of the union's common field caption: the field keeps its name,
// the getter is disambiguated on every variant.
func TestFieldNamedLikeAGetter(t *testing.T) {
	d, w := seedWith(t, func(s *schema.Schema) {
		p := object(s, "InputMediaPhoto")
		p.Fields = append(p.Fields, optionalString("get_caption"))
	})
	if !d["GetCaption"] || !d["GetCaptionMixed"] || !warned(w, "method reading the field caption common to the variants of union InputMedia") {
		t.Errorf("want the field GetCaption and the getter GetCaptionMixed, with a warning: %v", w)
	}
}

// TestParameterNamedLikeASetter: a parameter with_options spells the
// setter of the list options from strings: the parameter keeps it.
func TestParameterNamedLikeASetter(t *testing.T) {
	d, w := seedWith(t, func(s *schema.Schema) {
		for _, me := range s.Methods {
			if me.Name == "sendPoll" {
				me.Params = append(me.Params, optionalString("with_options"))
			}
		}
	})
	if !d["WithOptions"] || !d["WithOptionsMixed"] || !warned(w, "setter of parameter sendPoll.options from strings") {
		t.Errorf("want the parameter WithOptions and the setter WithOptionsMixed, with a warning: %v", w)
	}
}

// TestKindHelperOnARenamedField: a kind object's field chat shares its Go
// name with a field Chat, so neither keeps it: the update's Chat helper
// reads the field by the name it was given (ChatLower), and the package
// builds.
func TestKindHelperOnARenamedField(t *testing.T) {
	d, w := seedWith(t, func(s *schema.Schema) {
		m := object(s, "Message")
		m.Fields = append([]*schema.Field{optionalString("Chat")}, m.Fields...)
	})
	if !d["ChatLower"] || !warned(w, "field Message.chat") {
		t.Errorf("want Message.chat as ChatLower, with a warning: %v", w)
	}
}

// addMethods adds methods named names, without parameters, returning True.
func addMethods(s *schema.Schema, names ...string) {
	for _, n := range names {
		s.Methods = append(s.Methods, &schema.Method{Name: n, Group: "g", Returns: schema.Type{Name: schema.True}})
	}
}

// TestMethodsSpellingOneGoName: sendMessage and send_message are two
// methods on the wire (which tells method names apart without case only)
// and spell one client method: equally old, neither keeps it, each is
// told apart by its spelling, with a warning, and so are their parameters
// structs.
// (sendMessage and SendMessage are one method on the wire: the schema
// refuses them as declared twice.)
func TestMethodsSpellingOneGoName(t *testing.T) {
	d, w := seedWith(t, func(s *schema.Schema) {
		s.Methods = append(s.Methods, &schema.Method{Name: "send_message", Group: "g", Returns: schema.Type{Name: schema.True},
			Params: []*schema.Field{{Name: "text", Type: schema.Type{Name: schema.String}, Required: true}}})
	})
	if d["SendMessage"] || !warned(w, "method send_message") || !warned(w, "method sendMessage") || !warned(w, "parameters of method send_message") {
		t.Errorf("want sendMessage and send_message told apart, with a warning each: %v", w)
	}
}

// TestMethodNamedLikeAClientMethod: the runtime's Client methods
// (DownloadFile, String) and the client's iterator (Updates) are the
// package's own: API methods spelling them take Method.
func TestMethodNamedLikeAClientMethod(t *testing.T) {
	names := []string{"downloadFile", "string", "goString", "toleratedCount", "updates"}
	_, w := seedWith(t, func(s *schema.Schema) { addMethods(s, names...) })
	for _, n := range names {
		if !warned(w, "method "+n) {
			t.Errorf("no warning for method %s: %v", n, w)
		}
	}
}

// TestReplyFieldOnAVariantThatIsNotAKind: a union offering a kind
// object's Reply and Answer (a message that may be inaccessible) declares
// them on every variant, kind object or not: a field reply of the other
// variant is ReplyField, with a warning.
func TestReplyFieldOnAVariantThatIsNotAKind(t *testing.T) {
	d, w := seedWith(t, func(s *schema.Schema) {
		required := func(name, typ string) *schema.Field {
			return &schema.Field{Name: name, Type: schema.Type{Name: typ}, Required: true}
		}
		s.Objects = append(s.Objects, &schema.Object{Name: "InaccessibleMessage", Fields: []*schema.Field{
			required("chat", "Chat"), required("message_id", schema.Integer), required("date", schema.Integer), optionalString("reply"), optionalString("answer")}})
		s.Unions = append(s.Unions, &schema.Union{Name: "MaybeInaccessibleMessage", Variants: []*schema.Variant{
			{Type: schema.Type{Name: "Message"}, Requires: []string{"message_id", "date", "chat"}},
			{Type: schema.Type{Name: "InaccessibleMessage"}, Requires: []string{"chat", "message_id", "date"}, Const: &schema.Const{Field: "date", JSON: "0"}}}})
		for _, f := range object(s, "CallbackQuery").Fields {
			if f.Name == "message" {
				f.Type = schema.Type{Name: "MaybeInaccessibleMessage"}
			}
		}
	})
	if !d["ReplyField"] || !d["AnswerField"] || !warned(w, "field InaccessibleMessage.reply") {
		t.Errorf("want InaccessibleMessage's ReplyField and AnswerField, with warnings: %v", w)
	}
}

// TestTypesDifferingOnlyInCaseInTheExports: the docs write a page per type
// and the OpenAPI export a component per type and per method's parameters,
// told apart without case: LoginURL next to LoginUrl, and an object
// GetUpdatesParams next to the parameters of getUpdates, each get a name
// of their own there by naming's rule, never a refusal.
func TestTypesDifferingOnlyInCaseInTheExports(t *testing.T) {
	_, w := seedWith(t, func(s *schema.Schema) { addObjects(s, "LoginURL", "GetUpdatesParams") })
	if !warned(w, "object LoginURL") || !warned(w, "parameters of method getUpdates") {
		t.Errorf("want LoginURL and the parameters of getUpdates told apart, with warnings: %v", w)
	}
}
