// Package hostcheck is the Host and Origin rule every network renderer
// applies, so that a web page elsewhere cannot drive a local app through
// the person's browser and DNS rebinding cannot reach it.
//
// A Rule admits a request whose Host is listed (as host or host:port) or,
// on a loopback server, is a loopback name; and whose Origin, when there
// is one, is listed, is a loopback origin on a loopback server, or, where
// the renderer serves its own page, is that page's origin once its Host is
// admitted. Rule.Wrap refuses anything else with a 403 that names the
// header, its value and the option that allows it.
package hostcheck
