package edge

import (
	"strings"
	"testing"
	"time"
)

func problems(err error) string {
	if err == nil {
		return ""
	}
	var out []string
	for _, p := range err.(*ValidationError).Problems {
		out = append(out, p.String())
	}
	return strings.Join(out, "\n")
}

func TestEdge(t *testing.T) {
	ValidationNow = func() time.Time { return time.Unix(1000, 0) }
	item := Item{Kind: "item", Count: -3}
	cases := []struct {
		p    PutParams
		want string
	}{
		{PutParams{Ref: RefFromInteger64(1)}, ""},
		{PutParams{Ref: RefFromString("@abcd")}, ""},
		{PutParams{Ref: RefFromString("@abcde")}, "ref: 6 bytes, at most 5"},
		{PutParams{Ref: RefFromString("ab")}, "ref: \"ab\" does not match ^@[a-z]+$"},
		{PutParams{Ref: RefFromString("x@ab")}, "ref: \"x@ab\" does not match ^@[a-z]+$"},
		{PutParams{}, "ref: required, not set"},
		{PutParams{Ref: RefFromInteger64(1), File: FileID("id")}, "file: must be an uploaded file (Upload), not a file_id or URL"},
		{PutParams{Ref: RefFromInteger64(1), File: FileURL("https://e.x/a")}, "file: must be an uploaded file (Upload), not a file_id or URL"},
		{PutParams{Ref: RefFromInteger64(1), File: Upload("a", strings.NewReader(""))}, ""},
		{PutParams{Ref: RefFromInteger64(1), Doc: FileID("éééééééé")}, ""},
		{PutParams{Ref: RefFromInteger64(1), Doc: FileURL("https://e.x/abc")}, "doc: 15 characters, at most 8"},
		{PutParams{Ref: RefFromInteger64(1), Doc: Upload("ééééééééé.txt", nil)}, ""},
		{PutParams{Ref: RefFromInteger64(1), Raw: FileID("ab")}, "raw: must be an uploaded file (Upload), not a file_id or URL"},
		{PutParams{Ref: RefFromInteger64(1), Raw: FileURL("https://e.x/abc")}, "raw: must be an uploaded file (Upload), not a file_id or URL"},
		{PutParams{Ref: RefFromInteger64(1), Raw: Upload("a", nil)}, ""},
		{PutParams{Ref: RefFromInteger64(1), Link: FileID("x")}, ""},
		{PutParams{Ref: RefFromInteger64(1), Link: Upload("a", nil)}, "link: must be a file_id or URL (FileID or FileURL), not an uploaded file"},
		{PutParams{Ref: RefFromInteger64(1), Files: []InputFile{Upload("a", nil), FileID("b"), {}}}, "files[1]: must be an uploaded file (Upload), not a file_id or URL\nfiles[2]: required, not set"},
		{PutParams{Ref: RefFromInteger64(1), Target: ItemOrTrueFromTrue()}, "target: True is not allowed here, want one of Item"},
		{PutParams{Ref: RefFromInteger64(1), Target: ItemOrTrueFromItem(&Item{Kind: "box", Count: -4})}, "target.kind: \"box\", must be \"item\"\ntarget.count: -4, at least -3"},
		{PutParams{Ref: RefFromInteger64(1), When: Some(1010.0)}, ""},
		{PutParams{Ref: RefFromInteger64(1), Words: []string{"ab", "cd", "éé"}}, ""},
		{PutParams{Ref: RefFromInteger64(1), Words: []string{"abc", "defg"}}, "words: 7 characters in total, at most 6"},
		{PutParams{Ref: RefFromInteger64(1), Words: []string{"a", "b", "c", "d"}}, "words: 4 items, at most 3"},
		{PutParams{Ref: RefFromInteger64(1), Tags: []string{"é", "é", "é"}}, "tags: 6 bytes in total, at most 4"},
		{PutParams{Ref: RefFromInteger64(1), Tags: []string{"a"}}, "tags: 1 byte in total, at least 2"},
		{PutParams{Ref: RefFromInteger64(1), Tags: []string{"ab", "c"}}, ""},
		{PutParams{Ref: RefFromInteger64(1), Weeks: Some(4)}, ""},
		{PutParams{Ref: RefFromInteger64(1), Weeks: Some(5)}, "weeks: 5, must be one of 2, 4, 8"},
		{PutParams{Ref: RefFromInteger64(1), When: Some(1009.0)}, "when: 1009 is 9 seconds ahead of now, at least 10 seconds ahead"},
		{PutParams{Ref: RefFromInteger64(1), Box: &Box{Main: item}}, ""},
		{PutParams{Ref: RefFromInteger64(1), Box: &Box{Main: Item{Kind: "item", Label: Some("a🎲"), Weight: Some(2.5)}}}, "box.main.label: emoji \"🎲\" (U+1F3B2) at character 2, emoji are not allowed"},
		{PutParams{Ref: RefFromInteger64(1), Box: &Box{Main: Item{Kind: "item", Label: Some("a"), Weight: Some(2.51)}}}, "box.main.label: 1 character, at least 2\nbox.main.weight: 2.51, at most 2.5"},
		{PutParams{Ref: RefFromInteger64(1), Box: &Box{Main: item, Extra: &item, Flag: Some(true)}}, "box.reason: required when flag is \"true\"\nbox: main, extra are all set, exactly one of main, extra may be"},
		{PutParams{Ref: RefFromInteger64(1), Box: &Box{Main: item, Tag: Some("x")}}, "box.tag_color: required when tag is set"},
		{PutParams{Ref: RefFromInteger64(1), Box: &Box{Main: item, Tag: Some("x"), TagColor: Some("red")}}, ""},
		{PutParams{Ref: RefFromInteger64(1), Pair: &Pair{}}, "pair.second: required when first is not set"},
		{PutParams{Ref: RefFromInteger64(1), Pair: &Pair{First: Some(1)}}, ""},
		{PutParams{Ref: RefFromInteger64(1), Pair: &Pair{First: Some(3)}}, "pair.list: required when first is \"3\""},
		{PutParams{Ref: RefFromInteger64(1), Pair: &Pair{First: Some(3), List: []int{1}}}, ""},
		{PutParams{Ref: RefFromInteger64(1), Pair: &Pair{Second: Some(2)}}, ""},
		{PutParams{Ref: RefFromInteger64(1), Box: &Box{Main: item, Flag: Some(false), Cells: [][][]Color{{{"red", "green"}, {}}, nil, nil}}},
			"box.cells: 3 items, at most 2\nbox.cells[0][0][1]: unknown value \"green\", want one of red, blue\nbox.cells[0][1]: 0 items, at least 1"},
	}
	for i, c := range cases {
		if got := problems(c.p.Validate()); got != c.want {
			t.Errorf("case %d:\n got  %q\n want %q", i, got, c.want)
		}
	}
}
