package grammar

import (
	"regexp"
	"strings"

	"github.com/apigen/apigen/schema"
)

// The rules an object's or a method's prose states, in the words of both
// layouts.

// OptionalFields is the placeholder a rule uses for "the optional
// fields"; AllFields for "the fields other than …": every field but the
// rule's Except. The core expands them once the fields are known.
const (
	OptionalFields = "*optional"
	AllFields      = "*all"
)

// ObjectRules reads the rules an object-level sentence states.
func ObjectRules(text string) []RawRule {
	var out []RawRule
	if reAtMostOneOpt.MatchString(text) {
		out = append(out, RawRule{Kind: schema.RuleAtMostOne, Fields: []string{OptionalFields}, Text: text})
	}
	if m := reExactlyOneExcept.FindStringSubmatch(text); m != nil {
		out = append(out, RawRule{Kind: schema.RuleExactlyOne, Fields: []string{AllFields}, Except: SplitNameList(m[1]), Text: text})
	} else if reExactlyOneOpt.MatchString(text) {
		out = append(out, RawRule{Kind: schema.RuleExactlyOne, Fields: []string{OptionalFields}, Text: text})
	}
	if reAtMostOneUsed.MatchString(text) {
		out = append(out, RawRule{Kind: schema.RuleMutuallyExclusive, Fields: []string{OptionalFields}, Text: text})
	}
	return out
}

// NamedRules reads the rules a sentence of an entry's description states
// by naming the fields (the published page's object and method prose).
func NamedRules(text string) []RawRule {
	var out []RawRule
	for _, sent := range SplitSentences(text) {
		if m := reNamedExclusive.FindStringSubmatch(sent); m != nil {
			out = append(out, RawRule{Kind: schema.RuleMutuallyExclusive, Fields: SplitNameList(m[1]), Text: sent})
		}
		if m := reNamedExactlyOne.FindStringSubmatch(sent); m != nil {
			out = append(out, RawRule{Kind: schema.RuleExactlyOne, Fields: SplitNameList(m[1]), Text: sent})
		}
	}
	return out
}

// EitherRule reads "Either a with b, or c, must be given".
func EitherRule(sent string) (RawRule, bool) {
	m := ReEither.FindStringSubmatch(sent)
	if m == nil {
		return RawRule{}, false
	}
	r := RawRule{Kind: schema.RuleOneOf, Text: sent}
	for _, part := range SplitTop(m[1], ',') {
		part = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(part), "or "))
		if part == "" {
			continue
		}
		var group []string
		for _, w := range reWithAnd.Split(part, -1) {
			group = append(group, strings.TrimSpace(w))
		}
		r.Groups = append(r.Groups, group)
	}
	return r, len(r.Groups) >= 2
}

var (
	// The seed's words and the published page's ("At most one of the
	// optional parameters can be present in any given update", "Exactly
	// one of the optional fields must be used").
	reAtMostOneOpt  = regexp.MustCompile(`(?i)at most one of the optional (?:fields|parameters) (?:is|can be) present`)
	reExactlyOneOpt = regexp.MustCompile(`(?i)exactly one (?:of the )?optional (?:fields? must be used|fields\b)`)
	// reExactlyOneExcept: "Exactly one of the fields other than text,
	// icon_custom_emoji_id, and style must be used to specify the type of
	// the button": every field but those.
	reExactlyOneExcept = regexp.MustCompile(`(?i)\bexactly one of the (?:fields|parameters) other than ([a-z_][a-z0-9_]*(?:(?:, (?:and |or )?|,? (?:and|or) )[a-z_][a-z0-9_]*)*) must be (?:used|set|specified)`)
	// reAtMostOneUsed: "At most one of the optional fields must be used to
	// specify type of the button": a request sets at most one.
	reAtMostOneUsed = regexp.MustCompile(`(?i)at most one of the optional (?:fields|parameters) (?:must|may|can) be used`)
	// reNamedExclusive: "Optional fields web_app, request_contact, and
	// request_poll are mutually exclusive".
	reNamedExclusive = regexp.MustCompile(`(?i)^(?:the )?(?:optional )?(?:fields|parameters) ([a-z_][a-z0-9_]*(?:(?:, (?:and )?|,? and )[a-z_][a-z0-9_]*)+) are mutually exclusive$`)
	// reNamedExactlyOne: "You must use exactly one of the fields
	// png_sticker, tgs_sticker, or webm_sticker".
	reNamedExactlyOne = regexp.MustCompile(`(?i)\bexactly one of the (?:fields|parameters) ([a-z_][a-z0-9_]*(?:(?:, (?:and |or )?|,? (?:and|or) )[a-z_][a-z0-9_]*)+)$`)
	reWithAnd         = regexp.MustCompile(` (?:with|and) `)
)
