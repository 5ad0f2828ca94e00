package grammar

import (
	"regexp"
	"strings"
)

// Condition is a statement that a field is required, or optional,
// depending on others, in every wording the page uses: "Required if
// inline_message_id is not specified", "…; required if rich_message isn't
// specified", "Required unless text is specified", "required when type is
// “quiz”", "Optional if draft_id is present".
type Condition struct {
	// Required: the statement says "required" ("optional" otherwise).
	Required bool
	// Fields are the others it names, in order.
	Fields []string
	// Not: the condition holds when the others are not as stated ("is not
	// specified", "isn't", "unless … is").
	Not bool
	// Value is what the others are compared with; empty when the
	// statement is about their presence ("specified", "present", "set",
	// "given", "passed", "provided").
	Value string
	// Text is the clause the statement was read from.
	Text string
}

// ReConditionMark finds where a clause states a condition: "required if",
// "optional when", "required unless", in any case.
var ReConditionMark = regexp.MustCompile(`(?i)\b(?:required|optional) (?:if|when|unless)\b`)

// mayStateCondition is the cheap test before ReConditionMark, which every
// description of a page meets: the words "required" or "optional"
// followed by another word, in any case (the marker "Optional." is not).
func mayStateCondition(s string) bool {
	for _, w := range []string{"equired ", "ptional ", "EQUIRED ", "PTIONAL "} {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// reCondition is the whole statement, from its mark to the end of its
// clause.
var reCondition = regexp.MustCompile(`^(?i:(required|optional)) (?i:(if|when|unless)) ([a-z_][a-z0-9_]*(?:(?:,? and |, )[a-z_][a-z0-9_]*)*) (is|are|was|were)(n't|n’t| not)? (?:“([^”]+)”|"([^"]+)"|(\S+?))\.?$`)

// presenceWords say that a value is given.
var presenceWords = map[string]bool{"specified": true, "present": true, "set": true, "given": true, "passed": true, "provided": true}

// ConditionClause is a clause that states a condition, and the sentence
// it is in.
type ConditionClause struct {
	// Clause runs from the mark to the end of its sentence or of its
	// ';'-separated part: what comes before the mark is the field's
	// description ("Identifier of the correct option, required when …").
	Clause   string
	Sentence string
}

// ConditionClauses lists the clauses of a description that state a
// condition, read or not: each is a rule or a report entry.
func ConditionClauses(desc string) []ConditionClause {
	if !mayStateCondition(desc) || !ReConditionMark.MatchString(desc) {
		return nil
	}
	var out []ConditionClause
	for _, sent := range SplitSentences(desc) {
		for _, part := range SplitTop(sent, ';') {
			if loc := ReConditionMark.FindStringIndex(part); loc != nil {
				out = append(out, ConditionClause{Clause: strings.TrimSpace(part[loc[0]:]), Sentence: sent})
			}
		}
	}
	return out
}

// ReadCondition reads a clause ConditionClauses returned; false when its
// words are not a condition on other fields ("Required if the chat is a
// forum").
func ReadCondition(clause string) (Condition, bool) {
	m := reCondition.FindStringSubmatch(clause)
	if m == nil {
		return Condition{}, false
	}
	c := Condition{
		Required: strings.EqualFold(m[1], "required"),
		Fields:   SplitNameList(m[3]),
		Not:      (m[5] != "") != strings.EqualFold(m[2], "unless"),
		Text:     clause,
	}
	if v := m[6] + m[7] + m[8]; !presenceWords[strings.ToLower(v)] || m[6]+m[7] != "" {
		c.Value = v
	}
	return c, true
}
