package web

import (
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"github.com/facetui/facet/internal/version"
	"strings"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

//go:embed appassets
var appAssets embed.FS

// AppMIME is the MIME type of an MCP Apps view (SEP-1865): HTML that a
// host loads into a sandboxed iframe and talks to over postMessage.
const AppMIME = "text/html;profile=mcp-app"

// HostPageConfig is what an MCP Apps page is told about the server it draws
// from: the session it shows, and the tool that draws it.
type HostPageConfig struct {
	// Session is the session the page shows; "" makes the page learn it
	// from the host (the arguments or the result of the tool call that
	// opened it).
	Session string `json:"session"`
	// ViewTool is the app-only tool that answers the session's drawing.
	ViewTool string `json:"viewTool"`
	// KeyTool is the tool that presses a key in the session.
	KeyTool string `json:"keyTool"`
	// PollMS is how often the page asks for a new drawing while nothing
	// else told it to, for hosts that forward no resource updates.
	PollMS int `json:"pollMs"`
	// Version is what the page calls itself in ui/initialize; "" is
	// Facet's version (internal/version).
	Version string `json:"version"`
}

// HostPage draws sessions for MCP Apps hosts: the browser page with its
// scripts and styles inlined into one document, carried by the spec's
// postMessage JSON-RPC bridge instead of a WebSocket (appassets/bridge.js).
// The zero value uses the default theme.
type HostPage struct {
	// Theme colours the page; nil is widgets.DefaultTheme().
	Theme *widgets.Theme
}

// Page returns the self-contained HTML document of the view of a session:
// no script, style or connection comes from anywhere else, and its
// Content-Security-Policy says so.
func (a HostPage) Page(cfg HostPageConfig) string {
	if cfg.Version == "" {
		cfg.Version = version.Version
	}
	css := ThemeCSS(a.Theme) + asset(assets, "assets/facet.css") + asset(appAssets, "appassets/app.css")
	conf, _ := json.Marshal(cfg) // strings and an int: always encodable
	scripts := []string{
		"window.FacetAppConfig = " + string(conf) + ";",
		asset(assets, "assets/facet.js"),
		asset(appAssets, "appassets/bridge.js"),
	}
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString(`<meta http-equiv="Content-Security-Policy" content="` + AppCSP(scripts) + `">` + "\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>Facet</title>\n")
	b.WriteString("<style>\n" + css + "</style>\n</head>\n<body class=\"in-host\">\n")
	b.WriteString(`<div id="facet" class="facet"><p class="connecting">Connecting…</p></div>` + "\n")
	b.WriteString(`<div id="banner" class="banner" role="alert" hidden></div>` + "\n")
	b.WriteString(`<span id="cell" class="cell-probe" aria-hidden="true">0000000000</span>` + "\n")
	for _, s := range scripts {
		b.WriteString("<script>" + s + "</script>\n")
	}
	b.WriteString("</body>\n</html>\n")
	return b.String()
}

// AppCSP is the page's policy: only the scripts it inlines (by hash), its
// inline styles, and nothing fetched, framed or connected to.
func AppCSP(scripts []string) string {
	hashes := make([]string, 0, len(scripts))
	for _, s := range scripts {
		sum := sha256.Sum256([]byte(s))
		hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return "default-src 'none'; script-src " + strings.Join(hashes, " ") +
		"; style-src 'unsafe-inline'; img-src data:; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"
}

// asset is an embedded file's text; the files are embedded, so it never
// fails.
func asset(fs embed.FS, name string) string {
	b, _ := fs.ReadFile(name)
	return string(b)
}

// Frame draws snap as the whole page of session (its root element's HTML)
// and the DOM id of the focused widget. A masked widget's value is never
// in it; what the app draws elsewhere is drawn as it is. Whoever serves
// the page to an agent's host redacts masked widgets first (render/mcp
// does), so not even their length is in it.
func (HostPage) Frame(snap tea.Snapshot, session string) (root, focus string) {
	return paint(snap, chrome{session: session}).HTML(), focusID(snap)
}

// AppPage implements render/mcp's UIRenderer: the page of session, calling
// viewTool for its drawing and keyTool for keys.
func (a HostPage) AppPage(session, viewTool, keyTool string, pollMS int) string {
	return a.Page(HostPageConfig{Session: session, ViewTool: viewTool, KeyTool: keyTool, PollMS: pollMS})
}

// AppFrame implements render/mcp's UIRenderer (see Frame).
func (a HostPage) AppFrame(snap tea.Snapshot, session string) (root, focus string) {
	return a.Frame(snap, session)
}

// App is HostPage's former name.
//
// Deprecated: use HostPage; App stays only until render/mcp's tests
// move to the new name.
type App = HostPage
