package runtime

// Renderers' shared machinery: validation and normalisation of the caller's
// entities (markupPrepare) and a document-order walk (markupWalk). The
// contract the renderers keep is documented on RenderMarkdownV2.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// markupRenderSpan is a normalised entity with its byte range in the text.
// index is the position it had in the caller's slice, for error messages, or
// -1 for a piece that markupFix split off; origins then finds the entity it
// came from, which is only worth doing when there is an error to report.
type markupRenderSpan struct {
	TextEntity
	start, end int
	index      int
	origins    map[TextEntity]int
}

func markupRenderErr(sp *markupRenderSpan, format string, args ...any) error {
	index := sp.index
	if index < 0 {
		index = markupOrigin(sp.origins, sp.TextEntity)
	}
	return markupEntityErr(index, format, args...)
}

func markupEntityErr(index int, format string, args ...any) error {
	return fmt.Errorf("entity %d: "+format, append([]any{index}, args...)...)
}

func markupMentionURL(id int64) string {
	return markupMentionScheme + "://user?id=" + strconv.FormatInt(id, 10)
}

// markupPrepare validates and normalises entities for rendering and attaches
// byte offsets. The result is sorted, laminar and already in the form a
// parser would return.
func markupPrepare(text string, entities []TextEntity) ([]markupRenderSpan, error) {
	if !utf8.ValidString(text) {
		return nil, fmt.Errorf("text is not valid UTF-8")
	}
	if strings.IndexByte(text, '\r') >= 0 {
		return nil, fmt.Errorf("text contains a carriage return, which every parse mode drops")
	}
	total := UTF16Len(text)
	ents := make([]TextEntity, 0, len(entities))
	origin := make(map[TextEntity]int, len(entities))
	for i, e := range entities {
		n := TextEntity{Type: e.Type, Offset: e.Offset, Length: e.Length}
		switch e.Type {
		case "mention", "hashtag", "cashtag", "bot_command", "url", "email", "phone_number":
			continue
		case markupBold, markupItalic, markupUnderline, markupStrikethrough, markupCode:
		case markupPre:
			n.Language = e.Language
			if !utf8.ValidString(e.Language) || strings.IndexByte(e.Language, 0) >= 0 {
				return nil, markupEntityErr(i, "pre language is not valid UTF-8 or contains NUL")
			}
		case markupTextLink:
			n.URL = e.URL
			if !utf8.ValidString(e.URL) || !markupValidURL(e.URL) {
				return nil, markupEntityErr(i, "text_link URL %q is empty, not UTF-8 or has control characters", e.URL)
			}
			if _, ok := markupMentionUserID(e.URL); ok {
				return nil, markupEntityErr(i, "text_link URL %q would be read as a text_mention", e.URL)
			}
		case markupTextMention:
			n.UserID = e.UserID
			if e.UserID <= 0 {
				return nil, markupEntityErr(i, "text_mention needs a positive user id, got %d", e.UserID)
			}
		default:
			return nil, markupEntityErr(i, "unsupported entity type %q", e.Type)
		}
		if e.Offset < 0 || e.Length < 0 || e.Offset > total || e.Length > total-e.Offset {
			return nil, markupEntityErr(i, "range [%d, %d+%d) is outside the text (%d UTF-16 units)", e.Offset, e.Offset, e.Length, total)
		}
		if e.Length == 0 {
			continue
		}
		if _, dup := origin[n]; !dup {
			origin[n] = i
		}
		ents = append(ents, n)
	}
	markupSort(ents)
	var stack []int
	for i := range ents {
		e := &ents[i]
		for len(stack) > 0 && ents[stack[len(stack)-1]].Offset+ents[stack[len(stack)-1]].Length <= e.Offset {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			p := &ents[stack[len(stack)-1]]
			if p.Offset+p.Length < e.Offset+e.Length {
				return nil, fmt.Errorf("entities %d and %d overlap without one containing the other", origin[*p], origin[*e])
			}
		}
		stack = append(stack, i)
	}

	// UTF-16 offsets to byte offsets, refusing boundaries that would split a
	// surrogate pair. markupFix below only reuses existing boundaries.
	points := make([]int, 0, 2*len(ents))
	for _, e := range ents {
		points = append(points, e.Offset, e.Offset+e.Length)
	}
	sort.Ints(points)
	bytePos := make(map[int]int, len(points))
	u, k := 0, 0
	for i := 0; k < len(points); {
		for k < len(points) && points[k] <= u {
			if points[k] < u {
				return nil, fmt.Errorf("an entity boundary at UTF-16 offset %d splits a surrogate pair", points[k])
			}
			bytePos[u] = i
			k++
		}
		if i >= len(text) {
			break
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		u++
		if r >= 0x10000 {
			u++
		}
	}
	ents = markupFix(ents)
	spans := make([]markupRenderSpan, len(ents))
	for i, e := range ents {
		idx, ok := origin[e]
		if !ok {
			idx = -1
		}
		spans[i] = markupRenderSpan{TextEntity: e, start: bytePos[e.Offset], end: bytePos[e.Offset+e.Length], index: idx, origins: origin}
	}
	return spans, nil
}

// markupOrigin finds the caller's index of the entity a split piece came
// from, for error messages; only the fields other than the range identify
// it, so any match will do.
func markupOrigin(origin map[TextEntity]int, piece TextEntity) int {
	best := -1
	for e, i := range origin {
		if e.Type == piece.Type && e.URL == piece.URL && e.UserID == piece.UserID && e.Language == piece.Language &&
			e.Offset <= piece.Offset && piece.Offset+piece.Length <= e.Offset+e.Length && (best < 0 || i < best) {
			best = i
		}
	}
	if best < 0 {
		return 0
	}
	return best
}

// markupWalk visits laminar, sorted spans in document order: plain text
// chunks (with the innermost open entity), entity openings and closings.
func markupWalk(text string, spans []markupRenderSpan, onText func(s string, in *markupRenderSpan), onOpen, onClose func(e *markupRenderSpan)) {
	var stack []*markupRenderSpan
	pos := 0
	flush := func(to int) {
		if to > pos {
			var in *markupRenderSpan
			if len(stack) > 0 {
				in = stack[len(stack)-1]
			}
			onText(text[pos:to], in)
			pos = to
		}
	}
	closeUntil := func(limit int) {
		for len(stack) > 0 && stack[len(stack)-1].end <= limit {
			top := stack[len(stack)-1]
			flush(top.end)
			onClose(top)
			stack = stack[:len(stack)-1]
		}
	}
	for i := range spans {
		e := &spans[i]
		closeUntil(e.start)
		flush(e.start)
		onOpen(e)
		stack = append(stack, e)
	}
	closeUntil(len(text))
	flush(len(text))
}
