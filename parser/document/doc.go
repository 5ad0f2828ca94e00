// Package document is the parser's document model and its two front ends.
//
// A specification is read into headings, paragraphs, lists and tables,
// each with the line it starts on, before any layout gives them a meaning:
//
//   - RenderHTML and ReadTree read Markdown (goldmark, GFM tables; rows
//     keep their Markdown line and cell count) or hand-written HTML with
//     the same headings into a Tree of h2/h3 sections holding blocks, the
//     shape the seed layout is written in;
//   - ReadPage reads the published reference page's HTML with the
//     tokenizer into a Page, a flat run of blocks (the page is one long
//     run of h3 sections and h4 entries).
//
// Both share Table and Row. Nothing here knows objects, methods or types:
// that is the layouts' work (package parser) over the grammar (package
// grammar).
package document
