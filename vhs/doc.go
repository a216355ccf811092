// Package vhs holds a VHS tape (https://github.com/charmbracelet/vhs) for
// every playground demo and one for the MCP round trip. Run one from the
// repository root to record its GIF (VHS needs ttyd and ffmpeg):
//
//	vhs vhs/search.tape
//
// The package has no code of its own. Its tests read every tape with VHS's
// own parser (github.com/charmbracelet/vhs/parser), so a tape passes them
// only if `vhs validate` accepts it: VHS has no Home or End key, so tapes
// page or step instead. They then replay each tape's keystrokes against
// the demo headlessly and compare the final screen with a golden file in
// testdata, so a tape that no longer matches its demo fails the build. Rewrite the goldens with
//
//	go test ./vhs -update
package vhs
