// Package generatedtest holds the tests of the generated package, in one
// place: each subpackage exercises one backend's output in the committed
// generated/botapi (types: payload round trips and codec behaviour;
// validate: validators; client: the HTTP client against recording and fake
// servers; server: the HTTP handler under every request encoding, bad
// requests, uploads, files and fuzzing). The backends' own packages test
// only how they generate (golden archives, determinism, errors).
package generatedtest
