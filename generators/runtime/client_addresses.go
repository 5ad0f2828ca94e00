package runtime

// DefaultBaseURL and DefaultFileURL are declared in the generated package by
// the client backend (client_gen.go), with the addresses the document
// states: they differ from one document to the next, so they are no part of
// the runtime. These stand in for them so that the runtime compiles here;
// the file has no rt_ prefix, so it is not copied.
var DefaultBaseURL, DefaultFileURL string
