package naming

import "strings"

// The name of a union a document writes inline, in a type cell ("A or B",
// "Array of A, B and C"), rather than defining it under a heading of its
// own. This is the one rule; the reader (parser/resolve.UnionFor) applies
// it to the schema, and every backend takes the schema's name:
//
//   - two members are joined with "Or": InputFileOrString, MessageOrTrue,
//     InputMediaVideoOrInputPaidMediaVideo. Such a name says what the
//     value is, and a pair is short enough to read;
//   - three or more are named after the field or parameter that carries
//     them (reply_markup -> ReplyMarkup, media -> Media): joined, they make
//     names of a hundred characters that change whenever a member is
//     added;
//   - on a document nobody here controls (the published page), when that
//     name is taken by another field of the same name holding other
//     members, the owner's name comes first (sendPaidMedia.media ->
//     SendPaidMediaMedia), as for enums.
//
// A list of some members of a union the document defines by a heading is
// that union restricted to them, and takes its name; only a new set of
// members gets a name from this rule. Names are kept once published: a
// rename breaks users' code.

// InlineUnion is the name of a union of the members alts carried by the
// field named field (snake_case).
func InlineUnion(alts []string, field string) string {
	if len(alts) > 2 {
		return SchemaName(field)
	}
	return strings.Join(alts, "Or")
}

// OwnedInlineUnion is InlineUnion's name when that is taken: the owner's
// name and the field's.
func OwnedInlineUnion(owner, field string) string {
	return SchemaName(owner) + SchemaName(field)
}

// SchemaName turns a snake_case (or spaced, or hyphenated) wire name into
// the PascalCase of a schema name: each word's first letter upper-cased,
// the rest kept ("reply_markup" -> ReplyMarkup, "sendPaidMedia" ->
// SendPaidMedia). Schema names are not Go names: those come from
// Exported.
func SchemaName(s string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == '_' || r == ' ' || r == '-' }) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}
