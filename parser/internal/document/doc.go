// Package document is the parser's document model and its front ends.
//
// A specification is read into one model before any layout gives it a
// meaning: a Document, a title and a flat run of blocks (headings,
// paragraphs, lists, tables, quotes), each with the line it starts on.
// The front ends that produce it:
//
//   - FromHTML, the one HTML reader of both layouts, reads HTML with the
//     tokenizer: the published reference page within its content element,
//     closing an open paragraph at a block-level tag as a browser does, or
//     a document in the seed's layout, written by hand or rendered from
//     Markdown;
//   - FromMarkdown renders Markdown to HTML (goldmark, GFM tables; blocks
//     and rows marked with their Markdown line, rows with their source cell
//     count) and reads it with FromHTML.
//
// Every bound of the document is stated and checked here (bounds.go).
//
// The seed layout reads the Document through NewTree, which groups the
// blocks under their h2/h3 headings; the page layout reads the flat run
// itself (the page is one long run of h3 sections and h4 entries).
// Nothing here knows objects, methods or types: that is the layouts' work
// (package parser) over the grammar (package grammar).
package document
