package parser_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen/apigen/parser"
)

// The fragments below are written for these tests in the page's layout;
// they are not taken from any published page.

// styledText is a union whose sentence names a String and an Array of the
// union itself as members next to the listed objects.
const styledText = `<h4>Styled</h4>
<p>This object is a piece of styled text. It can be either a String for unstyled text, an Array of <a href="#styled">Styled</a>, or any of the following types:</p>
<ul><li><a href="#styledloud">StyledLoud</a></li><li><a href="#styledlink">StyledLink</a></li></ul>
<h4>StyledLoud</h4>
<p>Loud text.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>type</td><td>String</td><td>Style, always “loud”</td></tr>
<tr><td>text</td><td><a href="#styled">Styled</a></td><td>The loud text</td></tr>
</tbody></table>
<h4>StyledLink</h4>
<p>Linked text.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>type</td><td>String</td><td>Style, always “link”</td></tr>
<tr><td>text</td><td><a href="#styled">Styled</a></td><td>The linked text</td></tr>
<tr><td>url</td><td>String</td><td>Where the link goes</td></tr>
</tbody></table>
<h4>Note</h4>
<p>A note.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>body</td><td><a href="#styled">Styled</a></td><td>The note's text</td></tr>
</tbody></table>
`

// TestPageUnionStringAndArrayMembersAreKept is the defect where a union
// whose sentence names "a String" and "an Array of X" next to its list
// kept only the listed objects, so a plain string failed to decode.
func TestPageUnionStringAndArrayMembersAreKept(t *testing.T) {
	s := parsePage(t, "<h3>Available types</h3>"+styledText, nil)
	u := s.Union("Styled")
	if u == nil {
		t.Fatal("no union Styled")
	}
	var got []string
	for _, v := range u.Variants {
		got = append(got, v.Type.String()+"="+v.Tag)
	}
	want := []string{"String=", "Array of Styled=", "StyledLoud=loud", "StyledLink=link"}
	if !slices.Equal(got, want) || u.Discriminator != "type" {
		t.Errorf("variants %v (discriminator %q), want %v (type)", got, u.Discriminator, want)
	}
}

// mediaPieces are tagged objects and a method whose parameter names them
// inline ("A or B or C"), with no union listing them.
const mediaPieces = `<h4>PieceSound</h4>
<p>A sound.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>type</td><td>String</td><td>Kind of the piece, must be <em>sound</em></td></tr>
<tr><td>media</td><td>String</td><td>File to send</td></tr>
</tbody></table>
<h4>PieceImage</h4>
<p>An image.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>type</td><td>String</td><td>Kind of the piece, must be <em>image</em></td></tr>
<tr><td>media</td><td>String</td><td>File to send</td></tr>
</tbody></table>
<h4>PieceVoiceMemo</h4>
<p>A voice memo.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>type</td><td>String</td><td>Kind of the piece, must be <em>voice_memo</em></td></tr>
<tr><td>media</td><td>String</td><td>File to send</td></tr>
</tbody></table>
`

// TestPageInlineUnionOfTaggedObjectsGetsItsTag is the defect where a union
// made from an inline type cell ("A or B or C") was created after tags were
// detected, so it had none and the page was refused whole.
func TestPageInlineUnionOfTaggedObjectsGetsItsTag(t *testing.T) {
	body := "<h3>Available types</h3>" + mediaPieces + `<h3>Available methods</h3>
<h4>sendPiece</h4>
<p>Use this method to send a piece. On success, <em>True</em> is returned.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>piece</td><td><a href="#piecesound">PieceSound</a> or <a href="#pieceimage">PieceImage</a> or <a href="#piecevoicememo">PieceVoiceMemo</a></td><td>Yes</td><td>The piece to send</td></tr>
</tbody></table>
`
	s := parsePage(t, body, nil)
	p := s.Method("sendPiece").Param("piece")
	u := s.Union(p.Type.Name)
	if u == nil {
		t.Fatalf("piece has type %s, not a union", p.Type)
	}
	if u.Discriminator != "type" {
		t.Fatalf("union %s has discriminator %q, want type", u.Name, u.Discriminator)
	}
	for _, v := range u.Variants {
		if v.Tag == "" {
			t.Errorf("variant %s has no tag", v.Type)
		}
	}
	if c := s.Object("PieceVoiceMemo").Field("type").Constraints; c == nil || c.Fixed != "voice_memo" {
		t.Errorf("PieceVoiceMemo.type not fixed: %+v", c)
	}
}

// TestPageRestrictedListKeepsExactlyItsMembers is the defect where an
// "Array of A, B and C" parameter took a listed union holding those and
// more, the first such union in page order, widening the Go type. The
// smallest union holding them is used, restricted to exactly them.
func TestPageRestrictedListKeepsExactlyItsMembers(t *testing.T) {
	more := `<h4>PieceClip</h4>
<p>A clip.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>type</td><td>String</td><td>Kind of the piece, must be <em>clip</em></td></tr>
<tr><td>media</td><td>String</td><td>File to send</td></tr>
</tbody></table>
`
	unions := `<h4>AnyPiece</h4>
<p>A piece of anything. It should be one of</p>
<ul><li><a href="#piecesound">PieceSound</a></li><li><a href="#pieceimage">PieceImage</a></li><li><a href="#piecevoicememo">PieceVoiceMemo</a></li><li><a href="#piececlip">PieceClip</a></li></ul>
<h4>InputPiece</h4>
<p>A piece to send. It should be one of</p>
<ul><li><a href="#piecesound">PieceSound</a></li><li><a href="#pieceimage">PieceImage</a></li><li><a href="#piecevoicememo">PieceVoiceMemo</a></li></ul>
`
	method := `<h3>Available methods</h3>
<h4>sendPieces</h4>
<p>Use this method to send pieces. On success, <em>True</em> is returned.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>pieces</td><td>Array of <a href="#piecesound">PieceSound</a> and <a href="#pieceimage">PieceImage</a></td><td>Yes</td><td>The pieces</td></tr>
<tr><td>all</td><td>Array of <a href="#piecesound">PieceSound</a>, <a href="#pieceimage">PieceImage</a> and <a href="#piecevoicememo">PieceVoiceMemo</a></td><td>Optional</td><td>All the pieces</td></tr>
</tbody></table>
`
	s := parsePage(t, "<h3>Available types</h3>"+unions+mediaPieces+more+method, nil)
	m := s.Method("sendPieces")
	pieces := m.Param("pieces")
	if pieces.Type.String() != "Array of InputPiece" {
		t.Errorf("pieces: type %s, want Array of InputPiece (the smallest union holding its members)", pieces.Type)
	}
	if c := pieces.Constraints; c == nil || c.Each == nil || !slices.Equal(c.Each.Variants, []string{"PieceSound", "PieceImage"}) {
		t.Errorf("pieces: not restricted to exactly its members: %+v", c)
	}
	all := m.Param("all")
	if all.Type.String() != "Array of InputPiece" || (all.Constraints != nil && all.Constraints.Each != nil && len(all.Constraints.Each.Variants) > 0) {
		t.Errorf("all: type %s, constraints %+v; want InputPiece itself (exactly its members)", all.Type, all.Constraints)
	}
}

// TestPageUnionAlikeVariantsDegradeWithWarning: variants JSON cannot tell
// apart do not refuse the page; the union keeps its variants (tried in
// order) and the report names it. Under Strict it is an error.
func TestPageUnionAlikeVariantsDegradeWithWarning(t *testing.T) {
	alike := `<h4>Either</h4>
<p>Something. It can be one of</p>
<ul><li><a href="#onething">OneThing</a></li><li><a href="#otherthing">OtherThing</a></li></ul>
<h4>OneThing</h4>
<p>One.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody><tr><td>value</td><td>String</td><td>The value</td></tr></tbody></table>
<h4>OtherThing</h4>
<p>Other.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody><tr><td>value</td><td>String</td><td>The value</td></tr></tbody></table>
`
	rep := &parser.Report{}
	s := parsePage(t, "<h3>Available types</h3>"+alike, rep)
	u := s.Union("Either")
	if u == nil || u.Degraded == "" {
		t.Fatalf("union Either not kept as degraded: %+v", u)
	}
	var warned []string
	for _, w := range rep.Warnings {
		warned = append(warned, w.String())
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "union Either") || !strings.Contains(warned[0], "Available types / Either") {
		t.Errorf("warnings %q, want one naming union Either and its heading", warned)
	}
	if strings.Contains(warned[0], "Notes cell") {
		t.Errorf("warning %q gives the seed's advice; a page has no Notes cell", warned[0])
	}
	_, err := parser.Parse(page(recent+"<h3>Available types</h3>"+alike), parser.Options{Name: "demo.html", Strict: true})
	if err == nil || !strings.Contains(err.Error(), "union Either") {
		t.Errorf("under Strict the warning must be an error, got %v", err)
	}
}

// TestPageInlineUnionsOfOneFieldNameGetTheirOwnNames is the defect where
// two entries' fields of one name typed by different inline unions ("A or B
// or C") were refused: the second union "would be named Piece, which is
// already taken". On the page the second is named after its owner too.
func TestPageInlineUnionsOfOneFieldNameGetTheirOwnNames(t *testing.T) {
	row := func(method, members string) string {
		return `<h4>` + method + `</h4>
<p>Use this method to send a piece. On success, <em>True</em> is returned.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody><tr><td>piece</td><td>` + members + `</td><td>Yes</td><td>The piece to send</td></tr></tbody></table>
`
	}
	body := "<h3>Available types</h3>" + mediaPieces + "<h3>Available methods</h3>" +
		row("sendPiece", "PieceSound or PieceImage or PieceVoiceMemo") +
		row("sendOtherPiece", "PieceImage or PieceVoiceMemo or PieceSound") +
		row("sendLoudPiece", "PieceSound or PieceVoiceMemo or PieceImage or PieceSound")
	s := parsePage(t, body, nil)
	if got := s.Method("sendOtherPiece").Param("piece").Type.String(); got != "Piece" {
		t.Errorf("the same members in another order: %s, want the union Piece", got)
	}
	clip := `<h4>PieceClip</h4>
<p>A clip.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>type</td><td>String</td><td>Kind of the piece, must be <em>clip</em></td></tr>
<tr><td>media</td><td>String</td><td>File to send</td></tr>
</tbody></table>
`
	body = "<h3>Available types</h3>" + mediaPieces + clip + "<h3>Available methods</h3>" +
		row("sendPiece", "PieceSound or PieceImage or PieceVoiceMemo") +
		row("sendAnyPiece", "PieceSound or PieceImage or PieceVoiceMemo or PieceClip")
	s = parsePage(t, body, nil)
	if got := s.Method("sendAnyPiece").Param("piece").Type.String(); got != "SendAnyPiecePiece" {
		t.Errorf("other members, same field name: %s, want SendAnyPiecePiece", got)
	}
	if u := s.Union("SendAnyPiecePiece"); u == nil || u.Discriminator != "type" || len(u.Variants) != 4 {
		t.Errorf("union SendAnyPiecePiece: %+v", u)
	}
}

// TestPageUnionListItemsMayBeFormsToo: the members that are no objects may
// also stand in the list itself ("String", "Array of Styled"), or in both
// the sentence and the list, and are then variants once.
func TestPageUnionListItemsMayBeFormsToo(t *testing.T) {
	body := strings.Replace(styledText, `<ul><li><a href="#styledloud">StyledLoud</a></li>`,
		`<ul><li>String</li><li>Array of <a href="#styled">Styled</a></li><li><a href="#styledloud">StyledLoud</a></li>`, 1)
	s := parsePage(t, "<h3>Available types</h3>"+body, nil)
	var got []string
	for _, v := range s.Union("Styled").Variants {
		got = append(got, v.Type.String())
	}
	if want := []string{"String", "Array of Styled", "StyledLoud", "StyledLink"}; !slices.Equal(got, want) {
		t.Errorf("variants %v, want %v", got, want)
	}
}

// TestPageUnionIntegerAndFloatMembersDegradeToFloat: "an Integer" next to
// "a Float" cannot be told apart in JSON; the page reads with a warning
// and the union keeps the Float, which reads both. Under Strict it is an
// error.
func TestPageUnionIntegerAndFloatMembersDegradeToFloat(t *testing.T) {
	body := strings.Replace(styledText, "It can be either a String for unstyled text, an Array of",
		"It can be either a String for unstyled text, an Integer, a Float, an Array of", 1)
	rep := &parser.Report{}
	s := parsePage(t, "<h3>Available types</h3>"+body, rep)
	var got []string
	for _, v := range s.Union("Styled").Variants {
		got = append(got, v.Type.String())
	}
	if want := []string{"String", "Float", "Array of Styled", "StyledLoud", "StyledLink"}; !slices.Equal(got, want) {
		t.Errorf("variants %v, want %v", got, want)
	}
	if s.Union("Styled").Degraded == "" {
		t.Error("the schema does not record the degraded union (the command prints its warning from there)")
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0].String(), "Integer and Float") {
		t.Errorf("warnings %v", rep.Warnings)
	}
	if _, err := parser.Parse(page(recent+"<h3>Available types</h3>"+body), parser.Options{Name: "demo.html", Strict: true}); err == nil {
		t.Error("under Strict the warning must be an error")
	}
}

// TestPageUnionListIntroducedInOtherWords is the defect where an untabled
// entry whose sentence says in words of its own that the value is one of
// a list ("is given by whichever of these objects applies:") refused the
// whole page ("has no Field | Type | Description table"), though every
// item of the list names another entry. The page's structure decides it:
// an untabled entry and a list of entries is a union; tags are found as
// for any union.
func TestPageUnionListIntroducedInOtherWords(t *testing.T) {
	for _, intro := range []string{
		"The shape drawn is given by whichever of these objects applies:",
		"Shapes come in these forms.",
		"This object describes a shape.",
	} {
		body := strings.Replace(shapes, "This object describes a shape. Currently, it can be one of", intro, 1)
		rep := &parser.Report{}
		s := parsePage(t, "<h3>Available types</h3>"+body, rep)
		u := s.Union("Shape")
		if u == nil || len(u.Variants) != 2 || u.Discriminator != "type" {
			t.Errorf("%q: Shape read as %+v, want a union of Square and Circle told apart by type", intro, u)
		}
		if len(rep.Warnings) != 0 {
			t.Errorf("%q: warnings %v", intro, rep.Warnings)
		}
	}
}

// TestPageUntabledListNotAllEntriesDegrades: an untabled entry whose list
// names some entries and some things that are none cannot be decided to
// be a union of them: it is kept as raw JSON (an object without fields)
// with one warning, and Strict refuses it.
func TestPageUntabledListNotAllEntriesDegrades(t *testing.T) {
	body := strings.Replace(shapes, "This object describes a shape. Currently, it can be one of", "Shapes we draw:", 1)
	body = strings.Replace(body, `<li><a href="#circle">Circle</a></li>`, `<li><a href="#circle">Circle</a></li><li>a hand-drawn outline</li>`, 1)
	rep := &parser.Report{}
	s := parsePage(t, "<h3>Available types</h3>"+body, rep)
	if o := s.Object("Shape"); o == nil || !o.Opaque {
		t.Errorf("Shape read as %+v, want an object kept as raw JSON", o)
	}
	if len(rep.Warnings) != 1 || !strings.HasPrefix(rep.Warnings[0].Construct, "object Shape") || !strings.Contains(rep.Warnings[0].Text, "hand-drawn") {
		t.Errorf("warnings %v, want one naming object Shape and the item that is no entry", rep.Warnings)
	}
	_, err := parser.Parse(page(recent+"<h3>Available types</h3>"+body), parser.Options{Name: "demo.html", Strict: true})
	if err == nil || !strings.Contains(err.Error(), "object Shape") || !strings.Contains(err.Error(), "--strict") {
		t.Errorf("under Strict: %v, want the page refused for object Shape", err)
	}
}

// TestPageObjectWithoutTableOrListDegrades is the defect where an object
// entry with no field table, no list and no statement that it holds no
// information refused the whole page ("object … has no Field | Type |
// Description table"). Like an untabled list that is not all entries, it
// is kept as raw JSON (an object without fields) with one warning naming
// its heading and line, and Strict refuses it. An entry that says it
// holds no information (Ping) stays an empty object without a warning.
func TestPageObjectWithoutTableOrListDegrades(t *testing.T) {
	body := shapes + `<h4>Doodle</h4>
<p>This object describes a doodle the user drew by hand; its contents are up to the app.</p>
`
	rep := &parser.Report{}
	s := parsePage(t, "<h3>Available types</h3>"+body, rep)
	if o := s.Object("Doodle"); o == nil || !o.Opaque || len(o.Fields) != 0 {
		t.Errorf("Doodle read as %+v, want an object kept as raw JSON", o)
	}
	if o := s.Object("Ping"); o == nil || !o.Opaque {
		t.Errorf("Ping read as %+v, want the empty object it says it is", o)
	}
	if len(rep.Warnings) != 1 {
		t.Fatalf("warnings %v, want one for Doodle", rep.Warnings)
	}
	w := rep.Warnings[0]
	if !strings.HasPrefix(w.Construct, "object Doodle") || w.Line == 0 || !strings.Contains(w.String(), "Doodle") || w.Settle == "" {
		t.Errorf("warning %+v, want one naming object Doodle, its line and what settles it", w)
	}
	_, err := parser.Parse(page(recent+"<h3>Available types</h3>"+body), parser.Options{Name: "demo.html", Strict: true})
	if err == nil || !strings.Contains(err.Error(), "object Doodle") || !strings.Contains(err.Error(), "--strict") {
		t.Errorf("under Strict: %v, want the page refused for object Doodle", err)
	} else if !strings.Contains(err.Error(), ":"+strconv.Itoa(w.Line)+":") {
		t.Errorf("under Strict: %v, want the line of Doodle's heading (%d)", err, w.Line)
	}
}
