// Package naming is the one place where apigen turns wire names from the API
// spec (snake_case fields, camelCase methods, enum values such as
// "MarkdownV2" or "slot machine") into Go identifiers.
//
// Keeping every conversion here means the backends cannot drift apart: a
// field, the parameter that sets it and the documentation that mentions it
// always agree on the spelling.
//
// # Splitting
//
// [Words] splits a wire name into words. Every rune that cannot appear in a
// Go identifier (underscore, space, hyphen, dot, any other symbol, invalid
// UTF-8, combining marks, letter-numbers such as "Ⅻ") separates words and is
// dropped. Inside a run of letters and digits a new word starts
//
//   - at a lower-to-upper change: "sendMessage" -> send|Message;
//   - before the last capital of a run of capitals that is followed by a
//     lower-case (or caseless, e.g. CJK) letter: "HTMLParser" -> HTML|Parser, "ABCDef" -> ABC|Def;
//     except that a run of two or more capitals followed by a lone "s" keeps
//     it as a plural: "getURLs" -> get|URLs, "IDsOf" -> IDs|Of;
//   - at a digit-to-letter change: "x2y" -> x2|y, "UTF8String" -> UTF8|String.
//
// Digits stick to the letters before them ("utf8", "MarkdownV2" -> Markdown|V2)
// because that is how versions and encodings are written.
//
// # Casing
//
// Each word is then spelt in Go style:
//
//   - A word that is one of golint's common initialisms, compared ASCII
//     case-insensitively as a whole word, is written in capitals: "url" ->
//     "URL", "Id" -> "ID". "identity" is not "ID"+"entity"; the match never
//     looks inside a word.
//   - An initialism plus a plural "s" keeps the "s" lower-case: "urls" ->
//     "URLs", "IDS" -> "IDs". An exact initialism wins, so "https" is "HTTPS".
//   - An initialism plus trailing digits stays capitalised: "html5" -> "HTML5".
//   - If the wire name contains lower-case letters, a word written entirely
//     in capitals is kept as written ("ABCDef" -> "ABCDef", "venueA_id" ->
//     "VenueAID"): in mixed-case input capitals were chosen on purpose. If the
//     wire name has no lower-case letters at all ("SEND_OPTS") the capitals
//     carry no information and the word is title-cased ("SendOpts").
//   - Any other word gets an upper-case first letter; the rest is left alone.
//
// Two words that would make two numbers run together are joined by one
// underscore, as golint allows, so "version_4_7" -> "Version4_7" and does not
// silently become the same identifier as "version_47".
//
// # Names that are not words
//
// Every wire name gets a name; nothing is refused:
//
//   - a wire name without a letter or a digit is spelt rune by rune: "-" ->
//     "Minus", "+" -> "Plus", "😀" -> "U1F600" (its code point), "" ->
//     "Empty" (the table is in spell.go);
//   - a standalone name that would not start as asked (a digit, a letter
//     without an upper-case form) gets "X" ("x" for Unexported) in front:
//     "2fa" -> "X2Fa"; a name written after a prefix ([After]: an enum's
//     values) needs none: "1" -> "RichBlockListItemType1";
//   - bytes that are not UTF-8 separate words, like punctuation.
//
// # Collisions
//
// Different wire names can map to the same Go name ("chat_id", "chatId" and
// "ChatID" all give "ChatID"; "a" and "A" give "A"; "1" and "+1" give "1"),
// and a wire name can spell a name the generated package has already
// ("Client", "Error", "Opt"). [Scope.Resolve] gives every declaration of
// one scope its name at once, by one rule that never renames what exists
// when the document adds a value or a type:
//
//  1. A name the package itself declares (the runtime's, an imported
//     package's: the scope's reserved names) is never given up: the
//     declaration takes the word of its kind ([Kind]): object "Client" ->
//     ClientType, field "kind" next to a Kind method -> KindField.
//  2. Of the declarations that spell one name, the oldest keeps it: the one
//     the document says was added first (its since; a declaration without
//     one counts as oldest). When several are equally old, none keeps it,
//     and none added later takes it: it stays theirs.
//  3. A declaration that does not keep its name takes a qualifier derived
//     from its own wire name only: the case of its letters
//     (Lower, Upper, Mixed) and its punctuation spelt out: "a" ->
//     ALower, "A" -> AUpper, "+1" -> 1Plus, "chatId" next to an older
//     "chat_id" -> ChatIDMixed.
//  4. When that is taken too (or says nothing: "1" next to "+1"), the
//     wire name's bytes in hexadecimal follow "X": "1" -> 1X31. When even
//     that is taken, a number follows, counted in the order of the wire
//     names.
//
// Names the generator makes from the document's (a union's constructors)
// are settled after those, so the document's names win against them.
//
// Names are settled oldest first, so a declaration can only lose a name to
// an older one or to one of its own age: adding a value or a type dated
// later (the document's list of changes gives the since) never renames
// what exists. Every declaration that did not keep its plain name is
// reported ([Rename]); the generator turns each into a warning, which
// --strict refuses.
package naming

import (
	"go/token"
	"strings"
	"unicode"
	"unicode/utf8"
)

// commonInitialisms is golint's list (lint.go, commonInitialisms). It is
// copied rather than extended so that generated code reads the way golint
// and staticcheck (ST1003) expect.
var commonInitialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true,
	"DNS": true, "EOF": true, "GUID": true, "HTML": true, "HTTP": true,
	"HTTPS": true, "ID": true, "IP": true, "JSON": true, "LHS": true,
	"MIME": true, "QPS": true, "RAM": true, "RHS": true, "RPC": true,
	"SLA": true, "SMTP": true, "SQL": true, "SSH": true, "TCP": true,
	"TLS": true, "TTL": true, "UDP": true, "UI": true, "UID": true,
	"UUID": true, "URI": true, "URL": true, "UTF8": true, "VM": true,
	"XML": true, "XMPP": true, "XSRF": true, "XSS": true,
}

// runeClass is what the splitter needs to know about a rune.
type runeClass int

const (
	classSep   runeClass = iota // cannot appear in an identifier: separates words
	classLower                  // lower-case or caseless letter: continues a word
	classUpper                  // upper-case or title-case letter: may start a word
	classDigit                  // decimal digit (Unicode Nd, as Go allows)
)

// classify follows the Go spec's definition of identifier characters
// (letters are Unicode L*, digits are Nd) so that anything Words keeps is
// legal in an identifier. '_' is a legal identifier character but a word
// separator in snake_case, so it is classSep.
func classify(r rune) runeClass {
	switch {
	case r == utf8.RuneError:
		// Invalid UTF-8 decodes to RuneError, which is not a letter anyway;
		// spelled out so the intent is clear.
		return classSep
	case unicode.IsUpper(r) || unicode.IsTitle(r):
		return classUpper
	case unicode.IsLetter(r):
		// Ll plus caseless letters (Lm, Lo: e.g. CJK). Caseless letters
		// never start a camelCase word, so they behave like lower case.
		return classLower
	case unicode.IsDigit(r):
		return classDigit
	default:
		return classSep
	}
}

// Words splits s into the words that Exported and Unexported join; see the
// package documentation for the rules. The words are returned as written in
// s (case unchanged), in order, without separators; none is empty. The docs
// backend uses it to turn a wire name into prose the same way the code
// backends turn it into identifiers.
func Words(s string) []string {
	rs := []rune(s)
	var words []string
	start := -1 // start of the current word in rs, -1 between words
	for i, r := range rs {
		if classify(r) == classSep {
			if start >= 0 {
				words = append(words, string(rs[start:i]))
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		if wordBoundary(rs, i) {
			words = append(words, string(rs[start:i]))
			start = i
		}
	}
	if start >= 0 {
		words = append(words, string(rs[start:]))
	}
	return words
}

// wordBoundary reports whether a new word starts at rs[i], given that rs[i-1]
// and rs[i] are both letters or digits.
func wordBoundary(rs []rune, i int) bool {
	prev, cur := classify(rs[i-1]), classify(rs[i])
	switch {
	case cur == classUpper && (prev == classLower || prev == classDigit):
		// sendMessage, V2X
		return true
	case cur == classLower && prev == classDigit:
		// x2y, base64encoded: a digit ends the word it follows.
		return true
	case cur == classUpper && prev == classUpper:
		// HTMLParser: the last capital before a lower-case letter starts the
		// next word ...
		if i+1 >= len(rs) || classify(rs[i+1]) != classLower {
			return false
		}
		// ... unless that letter is a lone plural "s" (URLs, IDs), which
		// would otherwise give "UR"+"Ls".
		if rs[i+1] == 's' && (i+2 == len(rs) || classify(rs[i+2]) != classLower) {
			return false
		}
		return true
	}
	return false
}

// Exported converts a wire name to an exported Go identifier:
// "file_unique_id" -> "FileUniqueID", "sendMessage" -> "SendMessage",
// "slot machine" -> "SlotMachine". An exported name can never be a keyword
// or shadow a predeclared identifier (those are all lower-case), so no
// escaping is needed. It is total (see "Names that are not words" in the
// package documentation): a name that would not start with an upper-case
// letter gets "X" in front ("2fa" -> "X2Fa", "日本" -> "X日本").
func Exported(wire string) string {
	words, spelled := splitWire(wire)
	screaming := !hasLower(wire)
	var b strings.Builder
	for i, w := range words {
		writeSep(&b, words, i)
		if spelled {
			b.WriteString(w)
		} else {
			b.WriteString(titleWord(w, screaming))
		}
	}
	return fix(b.String(), true)
}

// After is the exported name of wire written after prefix, as a member of
// what prefix names: an enum's value ("ChatType" + "private" ->
// "ChatTypePrivate", "RichBlockListItemType" + "1" ->
// "RichBlockListItemType1"). The words are spelt as by [Exported]; the
// prefix already starts the identifier, so nothing goes in front, and two
// numbers meeting at the join are kept apart by an underscore ("Version4" +
// "7" -> "Version4_7").
func After(prefix, wire string) string {
	words, spelled := splitWire(wire)
	screaming := !hasLower(wire)
	var b strings.Builder
	b.WriteString(prefix)
	for i, w := range words {
		if i == 0 {
			last, _ := utf8.DecodeLastRuneInString(prefix)
			first, _ := utf8.DecodeRuneInString(w)
			if unicode.IsDigit(last) && unicode.IsDigit(first) {
				b.WriteByte('_')
			}
		} else {
			writeSep(&b, words, i)
		}
		if spelled {
			b.WriteString(w)
		} else {
			b.WriteString(titleWord(w, screaming))
		}
	}
	return b.String()
}

// Unexported converts a wire name to an unexported (lower-camel) Go
// identifier: "chat_id" -> "chatID", "URL" -> "url", "HTMLParser" ->
// "htmlParser". The first word is lower-cased entirely, which keeps
// initialisms consistent ("url", never "uRL"); the remaining words are spelt
// as in [Exported].
//
// A result that is a Go keyword, a predeclared identifier (as of Go 1.26),
// or "init" is replaced by a fixed spelling, so the name is legal everywhere
// (parameter, local, field, package level) and never shadows a builtin:
//
//   - "type" -> "typ", "func" -> "fn", "range" -> "rng" (the spellings Go
//     code conventionally uses);
//   - every other one gets "Value" appended: "close" -> "closeValue",
//     "default" -> "defaultValue", "string" -> "stringValue",
//     "init" -> "initValue".
//
// The table is spelt out in escape.go. A replacement can equal another wire
// name's result (Unexported("typ") and Unexported("default_value") are
// ordinary names): declare both in a [Scope]. Package names the generated
// file imports ("url", "json", "utf8", ...) are not escaped, because this
// package does not know the imports: reserve them in the [Scope]. Like
// Exported it is total: a name that would not start with a lower-case or
// caseless letter gets "x" in front ("2fa" -> "x2Fa").
func Unexported(wire string) string {
	words, spelled := splitWire(wire)
	screaming := !hasLower(wire)
	var b strings.Builder
	for i, w := range words {
		writeSep(&b, words, i)
		switch {
		case i == 0:
			b.WriteString(strings.ToLower(w))
		case spelled:
			b.WriteString(w)
		default:
			b.WriteString(titleWord(w, screaming))
		}
	}
	name := b.String()
	if esc, ok := escapes[name]; ok {
		name = esc
	}
	return fix(name, false)
}

// splitWire is Words, or, for a wire name without a letter or a digit, its
// runes spelt out (spelled is then true; see spell).
func splitWire(wire string) (words []string, spelled bool) {
	if words := Words(wire); len(words) > 0 {
		return words, false
	}
	return spell(wire), true
}

// fix makes name an identifier of the exportedness asked for by putting
// "X" (or "x") in front when its first rune cannot start it: a digit, a
// letter without the case asked for.
func fix(name string, exported bool) string {
	if token.IsIdentifier(name) && token.IsExported(name) == exported {
		return name
	}
	if exported {
		return "X" + name
	}
	return "x" + name
}

// writeSep writes the underscore golint allows between two numbers, so that
// "4_7" and "47" do not both become "47".
func writeSep(b *strings.Builder, words []string, i int) {
	if i == 0 {
		return
	}
	last, _ := utf8.DecodeLastRuneInString(words[i-1])
	first, _ := utf8.DecodeRuneInString(words[i])
	if unicode.IsDigit(last) && unicode.IsDigit(first) {
		b.WriteByte('_')
	}
}

// titleWord spells one word with an upper-case start, applying the
// initialism and all-capitals rules from the package documentation.
func titleWord(w string, screaming bool) string {
	if s, ok := initialism(w); ok {
		return s
	}
	if !screaming && !hasLower(w) {
		// "ABC" in "ABCDef", "A" in "venueA_id": deliberate capitals.
		return w
	}
	r, n := utf8.DecodeRuneInString(w)
	rest := w[n:]
	if screaming {
		rest = strings.ToLower(rest)
	}
	return string(unicode.ToUpper(r)) + rest
}

// initialism returns the capitalised form of w if w is an initialism, an
// initialism with a plural "s", or an initialism followed by digits.
// Only ASCII words qualify: Unicode case folding would otherwise let words
// such as "ıd" (dotless i) or "ſql" (long s) match.
func initialism(w string) (string, bool) {
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return "", false
		}
	}
	u := strings.ToUpper(w)
	if commonInitialisms[u] {
		return u, true
	}
	if n := len(u); n > 1 && u[n-1] == 'S' && commonInitialisms[u[:n-1]] {
		return u[:n-1] + "s", true
	}
	if base := strings.TrimRight(u, "0123456789"); base != u && commonInitialisms[base] {
		return u, true
	}
	return "", false
}

func hasLower(s string) bool {
	for _, r := range s {
		if unicode.IsLower(r) {
			return true
		}
	}
	return false
}
