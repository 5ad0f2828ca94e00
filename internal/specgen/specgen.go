// Package specgen builds larger specification documents for tests and
// measurements: Multiply copies the objects, unions and methods of a document
// n times under new names, written with exactly the document's own
// constructs (the same sections, table shapes, type words, union sections,
// shorthand groups and parameter grammar), so that a parse of the result
// exercises the same code on n times as much input.
//
// It works on the Markdown text, line by line: what it copies is found by
// the document's headings and table headers, and what it renames comes from
// a parse of the original (its objects, discriminated unions and methods),
// so it lists no API name of its own.
package specgen

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/apigen/apigen/parser"
)

// Multiply returns doc with n-1 renamed copies of its resources and methods
// added (n = 1 returns doc unchanged). Copy k renames every object and
// discriminated union X to X+"X"+k and every method m to m+"X"+k:
//
//   - each "### " subsection of the resources section (except the common
//     conventions) is copied whole after the last one, renamed;
//   - each common-conventions bullet that gives fields to a list of objects
//     ("File-bearing objects (A, B) have ...") gets a renamed twin;
//   - each method table gets the renamed rows of every copy appended.
func Multiply(doc []byte, n int) ([]byte, error) {
	if n < 1 {
		return nil, fmt.Errorf("specgen: n = %d, want at least 1", n)
	}
	if n == 1 {
		return doc, nil
	}
	s, err := parser.Parse(doc, parser.Options{Name: "specgen input"})
	if err != nil {
		return nil, fmt.Errorf("specgen: the input does not parse: %w", err)
	}
	var types []string
	for _, o := range s.Objects {
		types = append(types, o.Name)
	}
	for _, u := range s.Unions {
		// Unions with a discriminator have their own section, which is
		// copied; the others are named after their variants or defined
		// once in the conventions and keep their name.
		if u.Discriminator != "" {
			types = append(types, u.Name)
		}
	}
	var methods []string
	for _, m := range s.Methods {
		methods = append(methods, m.Name)
	}
	d := split(string(doc))
	resources, endpoints := d.chapter("Resources"), d.chapter("Endpoints")
	if resources == nil || endpoints == nil {
		return nil, fmt.Errorf("specgen: the document has no Resources or Endpoints chapter")
	}
	typeRe := wordsRe(types)
	rename := func(text string, k int) string {
		return typeRe.ReplaceAllStringFunc(text, func(w string) string { return w + suffix(k) })
	}
	methodSet := map[string]bool{}
	for _, m := range methods {
		methodSet[m] = true
	}
	renameRow := func(row string, k int) string {
		row = rename(row, k)
		cells := strings.SplitN(row, "|", 3)
		if len(cells) == 3 && methodSet[strings.TrimSpace(cells[1])] {
			cells[1] = " " + strings.TrimSpace(cells[1]) + suffix(k) + " "
		}
		return strings.Join(cells, "|")
	}

	// Insertions, by the line they follow.
	after := map[int][]string{}
	var copied []span
	for _, sub := range d.subsections(resources) {
		if strings.EqualFold(d.title(sub.start), "Common conventions") {
			for i := sub.start; i < sub.end; i++ {
				if reHave.MatchString(d.lines[i]) {
					for k := 2; k <= n; k++ {
						after[i] = append(after[i], rename(d.lines[i], k))
					}
				}
			}
			continue
		}
		copied = append(copied, sub)
	}
	if len(copied) == 0 {
		return nil, fmt.Errorf("specgen: the Resources chapter has no subsections to copy")
	}
	last := resources.end - 1
	for k := 2; k <= n; k++ {
		for _, sub := range copied {
			lines := strings.Split(rename(strings.Join(d.lines[sub.start:sub.end], "\n"), k), "\n")
			// A section's title is a lookup scope for bare names: a
			// copy whose title names no object gets a title of its own.
			if lines[0] == d.lines[sub.start] {
				lines[0] += " (copy " + strconv.Itoa(k) + ")"
			}
			after[last] = append(after[last], "", strings.TrimRight(strings.Join(lines, "\n"), "\n"))
		}
	}
	tables := 0
	for _, sub := range d.subsections(endpoints) {
		for _, t := range d.tables(sub) {
			if !strings.HasPrefix(strings.ToLower(strings.ReplaceAll(d.lines[t.start], " ", "")), "|method|parameters|") {
				continue
			}
			tables++
			rows := d.rows(t)
			for k := 2; k <= n; k++ {
				for _, r := range rows {
					after[t.end-1] = append(after[t.end-1], renameRow(r, k))
				}
			}
		}
	}
	if tables == 0 {
		return nil, fmt.Errorf("specgen: the Endpoints chapter has no method tables")
	}
	var out strings.Builder
	for i, l := range d.lines {
		out.WriteString(l)
		out.WriteByte('\n')
		for _, extra := range after[i] {
			out.WriteString(extra)
			out.WriteByte('\n')
		}
	}
	return []byte(strings.TrimSuffix(out.String(), "\n")), nil
}

func suffix(k int) string { return "X" + strconv.Itoa(k) }

// reHave is a conventions bullet that gives fields to listed objects.
var reHave = regexp.MustCompile(`^- .+ \(.+\) have `)

// wordsRe matches any of words as a whole word, longest first.
func wordsRe(words []string) *regexp.Regexp {
	ws := slices.Clone(words)
	slices.SortFunc(ws, func(a, b string) int { return len(b) - len(a) })
	for i, w := range ws {
		ws[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(`\b(?:` + strings.Join(ws, "|") + `)\b`)
}

// doc is a Markdown document as lines.
type doc struct{ lines []string }

// span is a half-open range of lines.
type span struct{ start, end int }

func split(s string) *doc { return &doc{lines: strings.Split(s, "\n")} }

func level(line string) int {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n >= len(line) || line[n] != ' ' {
		return 0
	}
	return n
}

func (d *doc) title(i int) string { return strings.TrimSpace(strings.TrimLeft(d.lines[i], "#")) }

// chapter finds the "## " section whose title starts with prefix.
func (d *doc) chapter(prefix string) *span {
	for i, l := range d.lines {
		if level(l) == 2 && strings.HasPrefix(d.title(i), prefix) {
			end := i + 1
			for end < len(d.lines) && (level(d.lines[end]) == 0 || level(d.lines[end]) > 2) {
				end++
			}
			return &span{i, end}
		}
	}
	return nil
}

// subsections lists the "### " sections of a chapter.
func (d *doc) subsections(ch *span) []span {
	var out []span
	for i := ch.start + 1; i < ch.end; i++ {
		if level(d.lines[i]) != 3 {
			continue
		}
		end := i + 1
		for end < ch.end && (level(d.lines[end]) == 0 || level(d.lines[end]) > 3) {
			end++
		}
		out = append(out, span{i, end})
	}
	return out
}

// tables lists the tables of a section: from a header line to the next
// blank line (a row may continue on the following lines).
func (d *doc) tables(sec span) []span {
	var out []span
	for i := sec.start; i < sec.end; i++ {
		if !strings.HasPrefix(d.lines[i], "|") {
			continue
		}
		end := i
		for end < sec.end && strings.TrimSpace(d.lines[end]) != "" {
			end++
		}
		out = append(out, span{i, end})
		i = end
	}
	return out
}

// rows returns a table's body rows, each with its continuation lines.
func (d *doc) rows(t span) []string {
	var out []string
	for i := t.start + 2; i < t.end; i++ {
		if strings.HasPrefix(d.lines[i], "|") || len(out) == 0 {
			out = append(out, d.lines[i])
			continue
		}
		out[len(out)-1] += "\n" + d.lines[i]
	}
	return out
}
