// Package nextrelease changes the platform's newest shared page the way its
// releases change it (a sentence reworded, a member of a new kind, a new
// section, ...), inserting text of our own, and says what the reader must
// make of each change: the fact read, exactly one warning naming the
// construct (which --strict refuses), or an error that says what is wrong.
// The page is read from ../shared at test time and never committed; the
// suite that runs these is pipeline's TestNextRelease (docs/published-page.md).
package nextrelease

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/apigen/apigen/parser"
	"github.com/apigen/apigen/schema"
)

// Page is the shared page the releases are simulated on.
const Page = "bot-api-9.0.html.gz"

// All applies every release that the reader reads or degrades (not the
// ones it must refuse, nor those a known defect refuses) to page: the
// page of a release with all of them.
func All(t testing.TB, page string) string {
	for _, r := range Releases {
		if r.Refuses == nil && r.Defect == "" {
			page = r.Apply(t, page)
		}
	}
	return page
}

// Release is one transformation of the page and what the reader must make
// of it.
type Release struct {
	Name string
	// Apply changes the page; it fails t when the page no longer has the
	// text the transformation changes.
	Apply func(t testing.TB, page string) string
	// Check asserts the fact was read, given the schema and the warnings
	// the change added.
	Check func(t testing.TB, s *schema.Schema, warnings []parser.Warning, rep *parser.Report)
	// Degrades: the change is a construct the reader cannot place, so it
	// must add exactly one warning whose construct starts with this
	// ("union"), and --strict must refuse the page.
	Degrades string
	// Defect, when set, names a reader defect the change exposes (see the
	// report of the branch that added it): while the page is refused, the
	// subtest is skipped with it; once read, it is checked like the others.
	Defect string
	// Refuses: the change is one the reader must report, not read; the
	// error must contain every string here.
	Refuses []string
}

// entrySpan finds the entry whose heading anchor is anchor: from its h4 to
// the next heading.
func entrySpan(t testing.TB, page, anchor string) (int, int) {
	t.Helper()
	start := strings.Index(page, `<h4><a class="anchor" name="`+anchor+`"`)
	if start < 0 {
		t.Fatalf("the page has no entry %q: the transformation does not apply to it", anchor)
	}
	end := len(page)
	if i := strings.Index(page[start+4:], "<h"); i >= 0 {
		end = start + 4 + i
	}
	return start, end
}

// inEntry replaces the first old in the entry anchor by new.
func inEntry(t testing.TB, page, anchor, old, new string) string {
	t.Helper()
	start, end := entrySpan(t, page, anchor)
	body := page[start:end]
	if !strings.Contains(body, old) {
		t.Fatalf("entry %q has no %q: the transformation does not apply to this page", anchor, old)
	}
	return page[:start] + strings.Replace(body, old, new, 1) + page[end:]
}

// cell replaces the cell after the field or parameter named field's name
// cell in the entry anchor (column 1 is the type, 2 the next one).
func cell(t testing.TB, page, anchor, field string, column int, new string) string {
	t.Helper()
	start, end := entrySpan(t, page, anchor)
	body := page[start:end]
	at := strings.Index(body, "<td>"+field+"</td>")
	if at < 0 {
		t.Fatalf("entry %q has no row %q", anchor, field)
	}
	rest := body[at:]
	from := 0
	for range column {
		i := strings.Index(rest[from+1:], "<td>")
		if i < 0 {
			t.Fatalf("entry %q row %q has no column %d", anchor, field, column)
		}
		from += 1 + i
	}
	to := strings.Index(rest[from:], "</td>")
	return page[:start+at+from] + "<td>" + new + page[start+at+from+to:]
}

// beforeHeading inserts html before the h3 whose anchor is anchor.
func beforeHeading(t testing.TB, page, anchor, html string) string {
	t.Helper()
	i := strings.Index(page, `<h3><a class="anchor" name="`+anchor+`"`)
	if i < 0 {
		t.Fatalf("the page has no section %q", anchor)
	}
	return page[:i] + html + page[i:]
}

func link(name string) string {
	return `<a href="#` + strings.ToLower(name) + `">` + name + `</a>`
}

func h4(name string) string {
	return `<h4><a class="anchor" name="` + strings.ToLower(name) + `" href="#` + strings.ToLower(name) + `"><i class="anchor-icon"></i></a>` + name + "</h4>\n"
}

func fieldTable(rows ...[3]string) string {
	var b strings.Builder
	b.WriteString("<table class=\"table\">\n<thead>\n<tr>\n<th>Field</th>\n<th>Type</th>\n<th>Description</th>\n</tr>\n</thead>\n<tbody>\n")
	for _, r := range rows {
		b.WriteString("<tr>\n<td>" + r[0] + "</td>\n<td>" + r[1] + "</td>\n<td>" + r[2] + "</td>\n</tr>\n")
	}
	return b.String() + "</tbody>\n</table>\n"
}

func paramTable(rows ...[4]string) string {
	var b strings.Builder
	b.WriteString("<table class=\"table\">\n<thead>\n<tr>\n<th>Parameter</th>\n<th>Type</th>\n<th>Required</th>\n<th>Description</th>\n</tr>\n</thead>\n<tbody>\n")
	for _, r := range rows {
		b.WriteString("<tr>\n<td>" + r[0] + "</td>\n<td>" + r[1] + "</td>\n<td>" + r[2] + "</td>\n<td>" + r[3] + "</td>\n</tr>\n")
	}
	return b.String() + "</tbody>\n</table>\n"
}

func fieldOf(t testing.TB, s *schema.Schema, owner, name string) *schema.Field {
	t.Helper()
	var fields []*schema.Field
	if o := s.Object(owner); o != nil {
		fields = o.Fields
	} else if m := s.Method(owner); m != nil {
		fields = m.Params
	} else {
		t.Fatalf("no object or method %s", owner)
	}
	for _, f := range fields {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("%s has no field %s", owner, name)
	return nil
}

// Releases are the transformations, each with the text of our own it
// inserts.
var Releases = []Release{
	{
		Name: "union sentence reworded",
		Apply: func(t testing.TB, page string) string {
			return firstParagraph(t, page, "chatboostsource",
				"A boost comes from a source of one of the following kinds:")
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, _ *parser.Report) {
			u := s.Union("ChatBoostSource")
			if u == nil || len(u.Variants) < 3 || u.Discriminator != "source" {
				t.Fatalf("ChatBoostSource read as %+v, want a union of its listed sources told apart by source", u)
			}
		},
	},
	{
		Name: "union sentence reworded without its usual words",
		Apply: func(t testing.TB, page string) string {
			return firstParagraph(t, page, "chatboostsource",
				"The source of a boost is given by whichever of these objects applies:")
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, _ *parser.Report) {
			u := s.Union("ChatBoostSource")
			if u == nil || len(u.Variants) < 3 || u.Discriminator != "source" {
				t.Fatalf("ChatBoostSource read as %+v, want a union of its listed sources told apart by source", u)
			}
		},
	},
	{
		Name: "union member that is a String or an Array",
		Apply: func(t testing.TB, page string) string {
			return firstParagraph(t, page, "messageorigin",
				"Where a forwarded message came from. It can be either a String for an origin known only by its display name, an Array of "+link("MessageOrigin")+" for a chain of forwards, or any of the following types:")
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, _ *parser.Report) {
			u := s.Union("MessageOrigin")
			if u == nil {
				t.Fatal("no union MessageOrigin")
			}
			var members []string
			for _, v := range u.Variants {
				members = append(members, v.Type.String())
			}
			for _, want := range []string{"String", "Array of MessageOrigin", "MessageOriginUser", "MessageOriginChannel"} {
				if !slices.Contains(members, want) {
					t.Errorf("MessageOrigin members %v: %s missing", members, want)
				}
			}
		},
	},
	{
		Name: "inline union of tagged objects",
		Apply: func(t testing.TB, page string) string {
			return cell(t, page, "sendpaidmedia", "media", 1,
				"Array of "+link("InputPaidMediaPhoto")+" or "+link("InputPaidMediaVideo")+" or "+link("InputMediaDocument"))
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, _ *parser.Report) {
			f := fieldOf(t, s, "sendPaidMedia", "media")
			if !f.Type.IsArray() {
				t.Fatalf("sendPaidMedia.media is %s, want an array", f.Type)
			}
			u := s.Union(f.Type.Elem.Name)
			if u == nil {
				t.Fatalf("sendPaidMedia.media is %s, want an array of a union", f.Type)
			}
			tags := map[string]string{}
			for _, v := range u.Variants {
				tags[v.Type.Name] = v.Tag
			}
			want := map[string]string{"InputPaidMediaPhoto": "photo", "InputPaidMediaVideo": "video", "InputMediaDocument": "document"}
			if u.Discriminator != "type" || len(tags) != len(want) {
				t.Fatalf("union %s: discriminator %q, variants %v; want type and %v", u.Name, u.Discriminator, tags, want)
			}
			for name, tag := range want {
				if tags[name] != tag {
					t.Errorf("union %s: %s tagged %q, want %q", u.Name, name, tags[name], tag)
				}
			}
		},
	},
	{
		Name: "inline union of objects JSON cannot tell apart",
		Apply: func(t testing.TB, page string) string {
			return cell(t, page, "sendmediagroup", "media", 1,
				"Array of "+link("InputMediaVideo")+" or "+link("InputPaidMediaVideo"))
		},
		Degrades: "union",
		Check: func(t testing.TB, s *schema.Schema, w []parser.Warning, _ *parser.Report) {
			f := fieldOf(t, s, "sendMediaGroup", "media")
			if !f.Type.IsArray() || s.Union(f.Type.Elem.Name) == nil || s.Union(f.Type.Elem.Name).Degraded == "" {
				t.Fatalf("sendMediaGroup.media is %s, want an array of a degraded union", f.Type)
			}
			if len(w) == 1 && (!strings.Contains(w[0].Construct, f.Type.Elem.Name) || !strings.Contains(w[0].Settle, "overlay")) {
				t.Errorf("the warning %s: want it to name the union %s and the overlay line that settles it", w[0], f.Type.Elem.Name)
			}
		},
	},
	{
		Name: "rule with exceptions",
		Apply: func(t testing.TB, page string) string {
			return firstParagraph(t, page, "inlinekeyboardbutton",
				"A button below a message. Exactly one of the fields other than text must be used to say what pressing the button does.")
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, _ *parser.Report) {
			o := s.Object("InlineKeyboardButton")
			var rule *schema.Rule
			for _, r := range o.Rules {
				if r.Kind == schema.RuleExactlyOne {
					rule = r
				}
			}
			if rule == nil {
				t.Fatalf("InlineKeyboardButton rules %+v: no exactly-one rule", o.Rules)
			}
			if slices.Contains(rule.Fields, "text") || !slices.Contains(rule.Fields, "url") || !slices.Contains(rule.Fields, "pay") || len(rule.Fields) != len(o.Fields)-1 {
				t.Errorf("exactly one of %v: want every field but text", rule.Fields)
			}
		},
	},
	{
		Name: "constraint sentence with a second digit range",
		Apply: func(t testing.TB, page string) string {
			return cell(t, page, "createchatinvitelink", "name", 3,
				"Label of the invite link, 1-64 characters. Only characters <code>a-z</code>, <code>0-9</code> and <code>_</code> are allowed.")
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, _ *parser.Report) {
			c := fieldOf(t, s, "createChatInviteLink", "name").Constraints
			if c == nil || c.Length == nil || c.Length.Min == nil || *c.Length.Min != 1 || c.Length.Max == nil || *c.Length.Max != 64 {
				t.Fatalf("createChatInviteLink.name constraints %+v, want a length of 1-64", c)
			}
			if c.Pattern == "" {
				t.Fatalf("createChatInviteLink.name has no pattern")
			}
			if ok, bad := matches(t, c.Pattern, "ab_09"), matches(t, c.Pattern, "Ab"); !ok || bad {
				t.Errorf("pattern %q: ab_09 %v (want true), Ab %v (want false)", c.Pattern, ok, bad)
			}
		},
	},
	{
		Name: "allowed characters in other words",
		Apply: func(t testing.TB, page string) string {
			return cell(t, page, "editchatinvitelink", "name", 3,
				"Label of the invite link; up to 64 characters, using only <code>a-z</code> and <code>0-9</code>")
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, rep *parser.Report) {
			c := fieldOf(t, s, "editChatInviteLink", "name").Constraints
			if c == nil || c.Length == nil || c.Length.Max == nil || *c.Length.Max != 64 {
				t.Fatalf("editChatInviteLink.name constraints %+v, want at most 64 characters", c)
			}
			if c.Pattern != "" {
				if !matches(t, c.Pattern, "ab09") || matches(t, c.Pattern, "a_b") {
					t.Errorf("pattern %q: want ab09 and not a_b", c.Pattern)
				}
				return
			}
			if !reported(rep, "using only") {
				t.Errorf("the allowed characters of %q are neither read as a pattern nor reported as unread (passed over in silence)", "up to 64 characters, using only a-z and 0-9")
			}
		},
	},
	{
		Name: "length in words",
		Apply: func(t testing.TB, page string) string {
			return cell(t, page, "createchatsubscriptioninvitelink", "name", 3, "Label of the invite link; between 1 and 64 characters")
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, rep *parser.Report) {
			c := fieldOf(t, s, "createChatSubscriptionInviteLink", "name").Constraints
			if c != nil && c.Length != nil && c.Length.Min != nil && *c.Length.Min == 1 && c.Length.Max != nil && *c.Length.Max == 64 {
				return
			}
			if !reported(rep, "between 1 and 64 characters") {
				t.Errorf("createChatSubscriptionInviteLink.name constraints %+v: the length is neither read nor reported", c)
			}
		},
	},
	{
		Name: "return phrasing reworded",
		Apply: func(t testing.TB, page string) string {
			return firstParagraph(t, page, "sendmessage",
				"Sends a text message. When the call succeeds, the "+link("Message")+" that was delivered is returned to the bot.")
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, _ *parser.Report) {
			if r := s.Method("sendMessage").Returns; r.String() != "Message" {
				t.Errorf("sendMessage returns %s, want Message", r)
			}
		},
	},
	{
		Name: "return phrasing without the word returned",
		Apply: func(t testing.TB, page string) string {
			return firstParagraph(t, page, "sendphoto",
				"Sends a photo. The bot gets back the delivered "+link("Message")+".")
		},
		Degrades: "method",
		Check: func(t testing.TB, s *schema.Schema, w []parser.Warning, _ *parser.Report) {
			r := s.Method("sendPhoto").Returns
			if o := s.Object(r.Name); r.IsArray() || o == nil || !o.Opaque {
				t.Fatalf("sendPhoto returns %s, want its result kept as raw JSON", r)
			}
			if len(w) == 1 && (w[0].Construct != "method sendPhoto" || !strings.Contains(w[0].Settle, "{target: sendPhoto, returns:")) {
				t.Errorf("the warning %s: want it to name the method and the overlay line that states its result", w[0])
			}
		},
	},
	{
		Name: "new section",
		Apply: func(t testing.TB, page string) string {
			return beforeHeading(t, page, "inline-mode", `<h3><a class="anchor" name="pinboards" href="#pinboards"><i class="anchor-icon"></i></a>Pinboards</h3>
<p>Bots can keep a pinboard of short notes in a chat.</p>
`+h4("Pinboard")+`<p>This object is a chat's pinboard.</p>
`+fieldTable([3]string{"pinboard_id", "Integer", "Identifier of the pinboard"},
				[3]string{"notes", "Array of String", "The notes on the pinboard, newest first"},
				[3]string{"title", "String", "<em>Optional</em>. Title of the pinboard"})+
				h4("pinToBoard")+`<p>Use this method to pin a note to a chat's pinboard. Returns the changed `+link("Pinboard")+` on success.</p>
`+paramTable([4]string{"chat_id", "Integer or String", "Yes", "The chat, by identifier or @username"},
				[4]string{"note", "String", "Yes", "Text of the note, 1-200 characters"}))
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, _ *parser.Report) {
			o := s.Object("Pinboard")
			if o == nil || len(o.Fields) != 3 {
				t.Fatalf("object Pinboard read as %+v, want three fields", o)
			}
			m := s.Method("pinToBoard")
			if m == nil {
				t.Fatal("no method pinToBoard")
			}
			if m.Returns.String() != "Pinboard" || len(m.Params) != 2 {
				t.Errorf("pinToBoard returns %s with %d params, want Pinboard and 2", m.Returns, len(m.Params))
			}
			if c := m.Params[1].Constraints; c == nil || c.Length == nil || *c.Length.Max != 200 {
				t.Errorf("pinToBoard.note constraints %+v, want at most 200 characters", c)
			}
		},
	},
	{
		Name: "new object and method",
		Apply: func(t testing.TB, page string) string {
			page = recentChange(t, page, "Added the class "+link("ChatBadge")+" and the method "+link("setChatBadge")+".")
			page = recentChange(t, page, "Added the field <em>badge</em> to the class "+link("ChatFullInfo")+".")
			page = inEntry(t, page, "chatfullinfo", "</tbody>", "<tr>\n<td>badge</td>\n<td>"+link("ChatBadge")+"</td>\n<td><em>Optional</em>. The badge shown beside the chat&#39;s title</td>\n</tr>\n</tbody>")
			page = beforeHeading(t, page, "available-methods", h4("ChatBadge")+`<p>This object is a badge shown beside a chat's title.</p>
`+fieldTable([3]string{"emoji", "String", "The badge's emoji"},
				[3]string{"expires_at", "Integer", "<em>Optional</em>. Unix time when the badge disappears"}))
			return beforeHeading(t, page, "updating-messages", h4("setChatBadge")+`<p>Use this method to show a badge beside a chat's title. Returns <em>True</em> on success.</p>
`+paramTable([4]string{"chat_id", "Integer or String", "Yes", "The chat, by identifier or @username"},
				[4]string{"badge", link("ChatBadge"), "Yes", "The badge to show"}))
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, _ *parser.Report) {
			o, m := s.Object("ChatBadge"), s.Method("setChatBadge")
			if o == nil || m == nil {
				t.Fatalf("object ChatBadge %v, method setChatBadge %v: want both", o != nil, m != nil)
			}
			if o.Since != s.Version || m.Since != s.Version {
				t.Errorf("since: ChatBadge %q, setChatBadge %q, want %s (the change that added them)", o.Since, m.Since, s.Version)
			}
			if f := fieldOf(t, s, "ChatFullInfo", "badge"); f.Type.String() != "ChatBadge" || f.Required || f.Since != s.Version {
				t.Errorf("ChatFullInfo.badge: %s, required %v, since %q; want an optional ChatBadge since %s", f.Type, f.Required, f.Since, s.Version)
			}
			if m.Returns.String() != "True" || fieldOf(t, s, "setChatBadge", "badge").Type.String() != "ChatBadge" {
				t.Errorf("setChatBadge returns %s, badge %s", m.Returns, fieldOf(t, s, "setChatBadge", "badge").Type)
			}
		},
	},
	{
		Name: "object without table or list",
		Apply: func(t testing.TB, page string) string {
			return beforeHeading(t, page, "available-methods", h4("StickerDoodle")+"<p>This object describes a doodle drawn over a sticker; what it holds is up to the app.</p>\n")
		},
		Degrades: "object",
		Check: func(t testing.TB, s *schema.Schema, w []parser.Warning, _ *parser.Report) {
			if o := s.Object("StickerDoodle"); o == nil || !o.Opaque {
				t.Fatalf("StickerDoodle read as %+v, want an object kept as raw JSON", o)
			}
			if !slices.ContainsFunc(w, func(x parser.Warning) bool { return x.Construct == "object StickerDoodle" && x.Line > 0 }) {
				t.Errorf("warnings %v, want one naming object StickerDoodle and its line", w)
			}
		},
	},
	{
		Name: "field marked optional",
		Apply: func(t testing.TB, page string) string {
			page = recentChange(t, page, "The field <em>first_name</em> of the class "+link("User")+" may now be absent.")
			page = cell(t, page, "user", "first_name", 2, "<em>Optional</em>. Given name of the user or the bot")
			return cell(t, page, "sendmessage", "text", 2, "Optional")
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, _ *parser.Report) {
			if since := fieldOf(t, s, "User", "first_name").Since; since == s.Version {
				t.Errorf("User.first_name since %q: a field made optional is not new", since)
			}
			if fieldOf(t, s, "User", "first_name").Required || fieldOf(t, s, "sendMessage", "text").Required {
				t.Error("User.first_name or sendMessage.text still required")
			}
			if !fieldOf(t, s, "User", "id").Required {
				t.Error("User.id no longer required")
			}
		},
	},
	{
		Name: "enum value added",
		Apply: func(t testing.TB, page string) string {
			return cell(t, page, "chat", "type", 2, "Kind of chat, can be either “private”, “group”, “supergroup”, “channel” or “lounge”")
		},
		Check: func(t testing.TB, s *schema.Schema, _ []parser.Warning, _ *parser.Report) {
			c := fieldOf(t, s, "Chat", "type").Constraints
			if c == nil || c.Enum == "" || s.Enum(c.Enum) == nil {
				t.Fatalf("Chat.type constraints %+v: no enum", c)
			}
			var values []string
			for _, v := range s.Enum(c.Enum).Values {
				values = append(values, v.Value)
			}
			if !slices.Contains(values, "lounge") || !slices.Contains(values, "channel") {
				t.Errorf("Chat.type values %v, want channel and lounge", values)
			}
		},
	},
}

// recentChange adds item to the list of Recent changes of the newest
// version (the first "<p><strong>Bot API ...</strong></p>").
func recentChange(t testing.TB, page, item string) string {
	t.Helper()
	at := strings.Index(page, "<p><strong>Bot API ")
	if at < 0 {
		t.Fatal("the page has no Recent changes")
	}
	end := at + strings.Index(page[at:], "</p>") + len("</p>")
	return page[:end] + "\n<ul>\n<li>" + item + "</li>\n</ul>" + page[end:]
}

// firstParagraph replaces the first paragraph of the entry anchor (its
// description, or the sentence before its list of variants) with text.
func firstParagraph(t testing.TB, page, anchor, text string) string {
	t.Helper()
	start, end := entrySpan(t, page, anchor)
	i := strings.Index(page[start:end], "<p>")
	j := strings.Index(page[start:end], "</p>")
	if i < 0 || j < i {
		t.Fatalf("entry %q has no paragraph", anchor)
	}
	return page[:start+i] + "<p>" + text + page[start+j:]
}

// reported says whether the report lists a sentence containing text as
// kept without a fact (an "unread" entry and the like): a construct not
// read is at least not passed over in silence.
func reported(rep *parser.Report, text string) bool {
	return slices.ContainsFunc(rep.Entries, func(e parser.ReportEntry) bool { return strings.Contains(e.Text, text) })
}

func matches(t testing.TB, pattern, s string) bool {
	t.Helper()
	re, err := regexp.Compile(pattern)
	if err != nil {
		t.Fatalf("pattern %q: %v", pattern, err)
	}
	return re.MatchString(s)
}

// Read parses a transformed page with a report, returning the
// schema, the warnings and the error.
func Read(page, source string, strict bool) (*schema.Schema, *parser.Report, error) {
	rep := &parser.Report{}
	s, err := parser.Parse([]byte(page), parser.Options{Name: source, HTML: true, Report: rep, Strict: strict})
	if err == nil {
		err = s.Check()
	}
	return s, rep, err
}
