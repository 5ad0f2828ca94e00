// Package document is the parser's document model and its front ends.
//
// A specification is read into one model before any layout gives it a
// meaning: a Document, a title and a flat run of blocks (headings,
// paragraphs, lists, tables, quotes), each with the line it starts on.
// The front ends that produce it:
//
//   - FromMarkdown reads Markdown (goldmark, GFM tables; blocks and rows
//     keep their Markdown line, rows their source cell count);
//   - FromHTML reads HTML with goquery (what FromMarkdown renders, or a
//     document written by hand in the seed's layout);
//   - FromPage reads the published reference page's HTML with the
//     tokenizer, within its content element, closing an open paragraph at
//     a block-level tag as a browser does.
//
// The seed layout reads the Document through NewTree, which groups the
// blocks under their h2/h3 headings; the page layout reads the flat run
// itself (the page is one long run of h3 sections and h4 entries).
// Nothing here knows objects, methods or types: that is the layouts' work
// (package parser) over the grammar (package grammar).
package document
