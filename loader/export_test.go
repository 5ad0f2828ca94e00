package loader

// Fetch is fetch for the tests, with the default transport.
var Fetch = fetch
